/**
 * Moving one item of an ordered list a place up or down by swapping it with its neighbour, as the
 * settings popovers do (a form's sections, the home page's areas). `among` keeps the items the
 * user's list shows; the others keep their places.
 */

/** Where the item `isIt` finds would go moving `by` places (−1 up, +1 down) among those `among` keeps; −1 when it cannot. */
export function neighbourIndex<T>(items: readonly T[], isIt: (item: T) => boolean, by: number, among: (item: T) => boolean = () => true): number {
  const listed = items.map((item, i) => ({ item, i })).filter(({ item }) => among(item));
  const at = listed.findIndex(({ item }) => isIt(item));
  if (at === -1 || by === 0) return -1;
  return listed[at + by]?.i ?? -1;
}

/** The item swapped with its neighbour (see `neighbourIndex`); unchanged when it cannot move. */
export function swapWithNeighbour<T>(items: readonly T[], isIt: (item: T) => boolean, by: number, among?: (item: T) => boolean): T[] {
  const to = neighbourIndex(items, isIt, by, among);
  const from = items.findIndex(isIt);
  const next = [...items];
  if (to === -1 || from === -1) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
