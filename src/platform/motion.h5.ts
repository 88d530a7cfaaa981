/** H5: the browser's prefers-reduced-motion setting (WCAG 2.3.3): the wheel and the box then show the prize without the spin. */
export function prefersReducedMotion(): boolean {
  try {
    return (
      typeof window !== 'undefined' &&
      !!window.matchMedia &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches
    )
  } catch {
    return false
  }
}
