/**
 * Work that can wait until the first screen is drawn. The mini-program has no script to defer
 * (H5: idle.h5.ts), so it runs at once. Returns a cancel function.
 */
export function afterFirstScreen(run: () => void): () => void {
  run()
  return () => {}
}
