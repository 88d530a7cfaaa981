/** Crypto-strong random bytes on H5: the browser's crypto.getRandomValues. */
export function randomBytes(n: number): Promise<Uint8Array> {
  return Promise.resolve(window.crypto.getRandomValues(new Uint8Array(n)))
}

/** The same, at once (no await): for a key that must exist before the first await (issue 22 item 7). */
export function randomBytesNow(n: number): Uint8Array {
  return window.crypto.getRandomValues(new Uint8Array(n))
}

export const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
