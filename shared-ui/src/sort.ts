export type SortDir = 'asc' | 'desc';

export interface SortState<Key extends string = string> {
  sortBy: Key;
  sortDir: SortDir;
}

/**
 * Sorting: clicking the sorted column flips its direction; clicking
 * another column sorts by it, ascending first.
 */
export function nextSort<Key extends string>(current: SortState<string> | undefined, key: Key): SortState<Key> {
  if (current && current.sortBy === key) return { sortBy: key, sortDir: current.sortDir === 'asc' ? 'desc' : 'asc' };
  return { sortBy: key, sortDir: 'asc' };
}
