/**
 * UTF-8 and Base64 by hand: a mini-program has neither TextEncoder/TextDecoder nor atob/btoa.
 * Used to read the access token's claims (base64url) and to store sealed contact data (base64).
 */

export function utf8Encode(s: string): Uint8Array {
  const out: number[] = []
  for (const ch of s) {
    let c = ch.codePointAt(0) as number
    if (c < 0x80) out.push(c)
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    else {
      c = c & 0x1fffff
      out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    }
  }
  return new Uint8Array(out)
}

export function utf8Decode(b: Uint8Array): string {
  let out = ''
  for (let i = 0; i < b.length; i++) {
    const x = b[i]
    if (x < 0x80) out += String.fromCharCode(x)
    else if (x < 0xe0) out += String.fromCharCode(((x & 31) << 6) | (b[++i] & 63))
    else if (x < 0xf0) out += String.fromCharCode(((x & 15) << 12) | ((b[++i] & 63) << 6) | (b[++i] & 63))
    else out += String.fromCodePoint(((x & 7) << 18) | ((b[++i] & 63) << 12) | ((b[++i] & 63) << 6) | (b[++i] & 63))
  }
  return out
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Standard Base64 with padding. */
export function toBase64(b: Uint8Array): string {
  let out = ''
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i] << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0)
    out +=
      B64[(n >> 18) & 63] +
      B64[(n >> 12) & 63] +
      (i + 1 < b.length ? B64[(n >> 6) & 63] : '=') +
      (i + 2 < b.length ? B64[n & 63] : '=')
  }
  return out
}

/** Base64 or base64url, padded or not; throws on any other character. */
export function fromBase64(s: string): Uint8Array {
  const clean = s.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  const out: number[] = []
  let buf = 0
  let bits = 0
  for (const ch of clean) {
    const v = B64.indexOf(ch)
    if (v < 0) throw new Error('bad base64')
    buf = (buf << 6) | v
    bits += 6
    if (bits >= 8) {
      bits -= 8
      out.push((buf >> bits) & 0xff)
    }
  }
  return new Uint8Array(out)
}
