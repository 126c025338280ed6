/**
 * Parts of a page that only show data, with no router links, forms or handlers, need no hydration
 * data: the server renders them, and the browser keeps that HTML as it is. Remix inlines every
 * loader's data into a document for hydration, so data such a part alone shows is sent twice; a
 * loader hands it to the document's render through the load context instead (`serverOnly`, set by
 * the server for document requests), and to client-side navigations in its data as before.
 *
 * In the browser, `<ServerRendered id data={…}>` without the data (a document's hydration, and
 * renders after it until the data comes) renders its element with the server's HTML as
 * `dangerouslySetInnerHTML`, copied from the document before hydration changed anything: React
 * neither hydrates nor touches what is inside. Once the data is there (the loader ran for a
 * client-side navigation) the part renders as any other.
 */
import { createContext, useContext, type ReactNode } from "react";

/** On the server, what loaders put aside for the document's render (`context.serverOnly`). */
const ServerOnlyData = createContext<Record<string, unknown>>({});
export const ServerOnlyDataProvider = ServerOnlyData.Provider;

/** What a loader put aside under this name for the document's render; undefined in the browser. */
export function useServerOnlyData<T>(name: string): T | undefined {
  return useContext(ServerOnlyData)[name] as T | undefined;
}

/** Each part's server HTML (null: the server rendered none), copied at its first render in the browser. */
const copies = new Map<string, string | null>();

/**
 * The part `children` renders from `data`, in an element with this id (and class). A part that
 * renders nothing (`children` returns null) has no element either.
 */
export function ServerRendered<T>({ id, className, data, children }: { id: string; className?: string; data: T | undefined; children: (data: T) => ReactNode }) {
  if (data !== undefined) {
    const content = children(data);
    if (content == null) return null;
    return (
      <div id={id} className={className}>
        {content}
      </div>
    );
  }
  if (typeof document === "undefined") return null;
  if (!copies.has(id)) copies.set(id, document.getElementById(id)?.innerHTML ?? null);
  const html = copies.get(id);
  return html == null ? null : <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
