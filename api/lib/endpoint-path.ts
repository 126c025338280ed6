/**
 * A route module's paths from the endpoint map (contract/endpoints.ts, decision 0078): a module
 * mounted at `base` registers `pathsUnder(base)(entry)`, the entry's path with the base taken off,
 * so the path a route answers on is written once, in the map. An entry outside the base fails the
 * typecheck; tests/unit/endpoints.test.ts checks the mounted result route by route.
 */
type Under<B extends string, P extends string> = P extends `${B}${infer Rest}` ? (Rest extends "" ? "/" : Rest) : never;

export function pathsUnder<B extends string>(base: B) {
  return <P extends `${B}${string}`>(endpoint: { readonly path: P }): Under<B, P> => {
    if (!endpoint.path.startsWith(base)) throw new Error(`${endpoint.path} is not under ${base}`);
    return (endpoint.path.slice(base.length) || "/") as Under<B, P>;
  };
}
