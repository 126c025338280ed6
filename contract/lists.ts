/**
 * A list's values by name (`ESTATE_STATUS.published`), so code names a value of a contract list
 * without writing the string again: a value renamed or removed in the list fails the typecheck.
 */
export const keyed = <const T extends readonly string[]>(list: T): { readonly [V in T[number]]: V } =>
  Object.freeze(Object.fromEntries(list.map((v) => [v, v]))) as { readonly [V in T[number]]: V };
