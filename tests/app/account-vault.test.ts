import { contactVault, open, seal } from '../../src/store/account/contact-vault'
import { sessionStore } from '../../src/platform/session-storage'
import { storage } from '../../src/platform/storage'
import { KEYS, clearSession } from '../../src/api/auth-token'
import { fakeToken, inSeconds } from '../support/tokens'

/**
 * Spec section 3: "Phone country codes and the contact data of addresses (kept encrypted) are held
 * in session storage."
 */
const tokenA = fakeToken({ sub: 'U-7f3a9c21', exp: inSeconds(3600) })
const tokenB = fakeToken({ sub: 'U-2b8d4e60', exp: inSeconds(3600) }).replace(/\.[^.]+$/, '.b3RoZXItc2lnbmF0dXJl')
const contact = {
  name: '王小明',
  phone: '+86-13800138000',
  mobile: '13800138000',
  email: 'wang.xiaoming@example.edu.cn',
}

describe('contact vault', () => {
  beforeEach(() => {
    sessionStorage.clear()
    localStorage.clear()
  })

  it('keeps the contact in session storage with no plaintext name, phone or email', () => {
    contactVault.saveContact('delivery', contact, tokenA)
    const raw = Object.keys(sessionStorage)
      .map((k) => sessionStorage.getItem(k))
      .join('|')
    expect(raw).not.toBe('')
    for (const plain of ['王小明', '13800138000', 'wang.xiaoming', 'example.edu.cn', encodeURIComponent('王小明')])
      expect(raw).not.toContain(plain)
    expect(localStorage.length).toBe(0)
  })

  it('round trip under the same token; two seals of the same data differ (fresh nonce)', () => {
    contactVault.saveContact('draft', contact, tokenA)
    expect(contactVault.readContact('draft', tokenA)).toEqual(contact)
    expect(seal(contact, tokenA)).not.toBe(seal(contact, tokenA))
    expect(open(seal({ x: 'ü 😀 中' }, tokenA), tokenA)).toEqual({ x: 'ü 😀 中' })
  })

  it('another token cannot read it, nor can anyone without a token', () => {
    contactVault.saveContact('delivery', contact, tokenA)
    expect(contactVault.readContact('delivery', tokenB)).toBeNull()
    expect(contactVault.readContact('delivery', null)).toBeNull()
    contactVault.saveContact('delivery', contact, null as never) // nothing kept without a token
    expect(contactVault.readContact('delivery', tokenA)).toEqual(contact)
  })

  it('a tampered box is refused', () => {
    const sealed = seal(contact, tokenA)
    const [n, box] = sealed.split('.')
    const flipped = box.slice(0, 10) + (box[10] === 'A' ? 'B' : 'A') + box.slice(11)
    expect(open(`${n}.${flipped}`, tokenA)).toBeNull()
    expect(open('garbage', tokenA)).toBeNull()
  })

  it('is gone after logout (the session ends: session storage cleared, token removed)', () => {
    storage.set(KEYS.authToken, tokenA)
    contactVault.saveContact('delivery', contact, tokenA)
    contactVault.savePhoneDictionary([{ isoCountryCode: 'CN', dialCode: '+86', label: 'China' }])
    clearSession()
    expect(contactVault.readContact('delivery', tokenA)).toBeNull()
    expect(contactVault.readPhoneDictionary()).toBeNull()
    expect(sessionStore.get('contactVault.delivery')).toBeNull()
  })

  it('keeps the phone dictionary (public data) as it came', () => {
    contactVault.savePhoneDictionary([{ isoCountryCode: 'IN', dialCode: '+91', label: 'India' }])
    expect(contactVault.readPhoneDictionary()).toEqual([{ isoCountryCode: 'IN', dialCode: '+91', label: 'India' }])
  })
})
