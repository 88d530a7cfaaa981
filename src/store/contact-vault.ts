import nacl from 'tweetnacl'
import type { PhoneDictionaryEntry } from '../../types'
import { sessionStore } from '../platform/session-storage'
import { currentToken } from '../api/auth-token'

/**
 * Spec section 3: "Phone country codes and the contact data of addresses (kept encrypted) are held
 * in session storage."
 * - the phone dictionary is kept as it came (it is public data);
 * - contact data (name, phone, mobile, email) of the chosen delivery address and of an unsaved
 *   address-form draft is sealed with NaCl secretbox under a key derived from the current access
 *   token (the first 32 bytes of SHA-512 of the token). It cannot be read after logout (the session
 *   storage is cleared and the token is gone) nor under another user's token.
 */

export interface VaultContact { name: string; phone: string; mobile?: string; email?: string }
export type VaultSlot = 'delivery' | 'draft'

const PHONE_DICTIONARY_KEY = 'phoneDictionary'
const slotKey = (slot: VaultSlot) => `contactVault.${slot}`

// ---- byte helpers (a mini-program has neither TextEncoder nor btoa)

function utf8Encode(s: string): Uint8Array {
  const out: number[] = []
  for (const ch of s) {
    let c = ch.codePointAt(0) as number
    if (c < 0x80) out.push(c)
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    else { c = c & 0x1fffff; out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)) }
  }
  return new Uint8Array(out)
}

function utf8Decode(b: Uint8Array): string {
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
function toBase64(b: Uint8Array): string {
  let out = ''
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i] << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0)
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + (i + 1 < b.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < b.length ? B64[n & 63] : '=')
  }
  return out
}
function fromBase64(s: string): Uint8Array {
  const clean = s.replace(/=+$/, '')
  const out: number[] = []
  let buf = 0
  let bits = 0
  for (const ch of clean) {
    const v = B64.indexOf(ch)
    if (v < 0) throw new Error('bad base64')
    buf = (buf << 6) | v
    bits += 6
    if (bits >= 8) { bits -= 8; out.push((buf >> bits) & 0xff) }
  }
  return new Uint8Array(out)
}

// ---- key and nonce

const keyFor = (token: string) => nacl.hash(utf8Encode(token)).slice(0, nacl.secretbox.keyLength)

let counter = 0
/**
 * A fresh nonce. secretbox needs nonces that never repeat under one key (not secret ones): the
 * platform's random source when there is one; where there is none (some mini-program engines) a
 * hash of a counter, the time and Math.random, which does not repeat within a session.
 */
function nonce(): Uint8Array {
  try {
    return nacl.randomBytes(nacl.secretbox.nonceLength)
  } catch {
    counter += 1
    return nacl.hash(utf8Encode(`${counter}|${Date.now()}|${Math.random()}`)).slice(0, nacl.secretbox.nonceLength)
  }
}

export function seal(data: unknown, token: string): string {
  const n = nonce()
  const box = nacl.secretbox(utf8Encode(JSON.stringify(data)), n, keyFor(token))
  return `${toBase64(n)}.${toBase64(box)}`
}

export function open<T>(sealed: string, token: string): T | null {
  try {
    const [n, box] = sealed.split('.')
    const plain = nacl.secretbox.open(fromBase64(box), fromBase64(n), keyFor(token))
    return plain ? (JSON.parse(utf8Decode(plain)) as T) : null
  } catch {
    return null
  }
}

// ---- the vault

export const contactVault = {
  /** Seals the contact under the current token; without a token nothing is kept. */
  saveContact(slot: VaultSlot, contact: VaultContact, token = currentToken()) {
    if (!token) return
    sessionStore.set(slotKey(slot), seal(contact, token))
  },
  /** The contact, or null when none is kept or it was sealed under another token. */
  readContact(slot: VaultSlot, token = currentToken()): VaultContact | null {
    const raw = sessionStore.get(slotKey(slot))
    if (!raw || !token) return null
    return open<VaultContact>(raw, token)
  },
  clearContact(slot: VaultSlot) {
    sessionStore.remove(slotKey(slot))
  },
  savePhoneDictionary(entries: PhoneDictionaryEntry[]) {
    sessionStore.set(PHONE_DICTIONARY_KEY, JSON.stringify(entries))
  },
  readPhoneDictionary(): PhoneDictionaryEntry[] | null {
    const raw = sessionStore.get(PHONE_DICTIONARY_KEY)
    if (!raw) return null
    try {
      const v = JSON.parse(raw)
      return Array.isArray(v) ? (v as PhoneDictionaryEntry[]) : null
    } catch {
      return null
    }
  }
}
