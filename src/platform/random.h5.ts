/** Crypto-strong random bytes on H5: the browser's crypto.getRandomValues. */
export function randomBytes(n: number): Promise<Uint8Array> {
  return Promise.resolve(window.crypto.getRandomValues(new Uint8Array(n)))
}

export const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
