/** A mini-program opens pages by page path only: there are no spec-style addresses to resolve. */
export function openSpecAddress() {
  /* nothing to do */
}

/** A mini-program has no address bar. */
export function showSpecAddress() {
  /* nothing to do */
}
