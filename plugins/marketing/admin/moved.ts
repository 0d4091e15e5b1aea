/** A copy of a list with one item moved a place up (-1) or down (1): the builders' ↑ and ↓ buttons. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}
