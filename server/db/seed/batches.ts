/**
 * Hands `rows` to `insert` in consecutive slices of at most `size`, one after the other, in order: one
 * INSERT per slice keeps a statement's parameters within bounds. Nothing is called for no rows.
 */
export async function inBatches<T>(
  rows: readonly T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}
