/**
 * Does the user ask for less motion? The mini-program has no such setting to read (H5:
 * motion.h5.ts reads prefers-reduced-motion): animations run, short.
 */
export function prefersReducedMotion(): boolean {
  return false
}
