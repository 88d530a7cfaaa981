import nacl from 'tweetnacl'
import type { PhoneDictionaryEntry } from '../../../types'
import { sessionStore } from '../../platform/session-storage'
import { currentToken } from '../../api/auth-token'
import { fromBase64, toBase64, utf8Decode, utf8Encode } from '../../api/bytes'

/**
 * Spec section 3: "Phone country codes and the contact data of addresses (kept encrypted) are held
 * in session storage."
 * - the phone dictionary is kept as it came (it is public data);
 * - contact data (name, phone, mobile, email) of the chosen delivery address and of an unsaved
 *   address-form draft is sealed with NaCl secretbox under a key derived from the current access
 *   token (the first 32 bytes of SHA-512 of the token). It cannot be read after logout (the session
 *   storage is cleared and the token is gone) nor under another user's token.
 */

export interface VaultContact {
  name: string
  phone: string
  mobile?: string
  email?: string
}
export type VaultSlot = 'delivery' | 'draft'

const PHONE_DICTIONARY_KEY = 'phoneDictionary'
const slotKey = (slot: VaultSlot) => `contactVault.${slot}`

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
  },
}
