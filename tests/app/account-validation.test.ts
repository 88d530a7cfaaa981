import { translate } from '../../src/i18n'
import {
  clearError,
  dialCodeFor,
  emptyAddressForm,
  formFromShipTo,
  hasErrors,
  nationalPhone,
  toAddressInput,
  validateAddress,
  validateField,
  FIELD_LABEL,
  type AddressField,
  type AddressFormValues,
  type FieldError,
  type Iso,
} from '../../src/rules/account/address-validation'
import { shipTo } from './account-fixtures'

/** Spec section 5, "Contact and order fields": every rule of the ship-to form, with its message. */

const PHONE_MSG = 'Please enter a valid mobile or phone number (" numbers "and "-" are allowed)'
const msg = (e: FieldError | null, lang: 'en' | 'zh' = 'en') =>
  e && translate(lang, e.key, { ...e.params, field: e.field ? translate(lang, FIELD_LABEL[e.field]) : '' })

const valid = (over: Partial<AddressFormValues> = {}): AddressFormValues => ({
  ...emptyAddressForm(),
  contactName: '王小明',
  contactPhone: '13800138000',
  companyOrInstitution: '复旦大学',
  stateOrProvince: '上海市',
  city: '上海市',
  streetAddress: '浦东新区张衡路 825 号',
  zipCode: '201203',
  ...over,
})
const check = (field: AddressField, value: string, iso: Iso = 'CN') =>
  msg(validateField(field, valid({ [field]: value }), iso))

describe('section 5: contact person name is required', () => {
  it("'Contact person name, for ship-to and bill-to, is required: '{field} is a required field''", () => {
    expect(check('contactName', '')).toBe('Contact name is a required field')
    expect(check('contactName', '   ')).toBe('Contact name is a required field')
    expect(check('contactName', '王小明')).toBeNull()
    expect(msg(validateField('contactName', valid({ contactName: '' }), 'CN'), 'zh')).toBe('联系人姓名为必填项')
  })
  it('the other required fields say the same with their own name; optional ones may stay empty', () => {
    for (const [f, name] of [
      ['companyOrInstitution', 'Company or institution'],
      ['stateOrProvince', 'Province / state'],
      ['city', 'City'],
      ['streetAddress', 'Street address'],
      ['zipCode', 'Zip code'],
      ['contactPhone', 'Contact phone'],
    ] as const)
      expect(check(f, '')).toBe(`${name} is a required field`)
    for (const f of ['mobile', 'email', 'deptOrLab', 'buildingOrRoom'] as const) expect(check(f, '')).toBeNull()
  })
})

describe('section 5: the phone', () => {
  it(`"Phone is digits, optionally with '-', '/' or space between digit groups. Otherwise: '${PHONE_MSG}'"`, () => {
    for (const ok of ['13800138000', '021-51630000', '021 5163 0000', '021/51630000', '0512-6287-0000'])
      expect([ok, check('contactPhone', ok)]).toEqual([ok, null])
    for (const bad of [
      'abc',
      '138-0013-800a',
      '021--51630000',
      '-13800138000',
      '13800138000-',
      '021_51630000',
      '+',
      '(021)51630000',
    ])
      expect([bad, check('contactPhone', bad)]).toEqual([bad, PHONE_MSG])
  })
  it('"China accepts +86, 086 or 86 (13 digits in total)"', () => {
    for (const ok of ['+8613800138000', '08613800138000', '8613800138000', '+86-13800138000', '+86 138 0013 8000'])
      expect([ok, check('contactPhone', ok)]).toEqual([ok, null])
    // with the prefix written, anything but 13 digits in all is refused
    for (const bad of ['+86138001380', '+861380013800012', '086138001380', '+9113800138000'])
      expect([bad, check('contactPhone', bad)]).toEqual([bad, PHONE_MSG])
  })
  it('"India accepts +91, 091 or 91 (12 digits in total)"', () => {
    for (const ok of ['+919845012345', '0919845012345', '919845012345', '9845012345', '080-22932000'])
      expect([ok, check('contactPhone', ok, 'IN')]).toEqual([ok, null])
    for (const bad of ['+9198450123', '+91984501234567', '+8613800138000'])
      expect([bad, check('contactPhone', bad, 'IN')]).toEqual([bad, PHONE_MSG])
  })
  it('"The phone is stored with the country dial prefix (default +86 when the lookup fails)"', () => {
    expect(dialCodeFor('CN', null)).toBe('+86')
    expect(dialCodeFor('IN', null)).toBe('+91')
    expect(dialCodeFor('CN', [{ isoCountryCode: 'CN', dialCode: '+86', label: 'China' }])).toBe('+86')
    expect(toAddressInput(valid({ contactPhone: '+8613800138000' }), 'CN', '+86').contactPhone).toBe('+86-13800138000')
    expect(toAddressInput(valid({ contactPhone: '021-51630000' }), 'CN', '+86').contactPhone).toBe('+86-021-51630000')
    expect(toAddressInput(valid({ contactPhone: '919845012345' }), 'IN', '+91').contactPhone).toBe('+91-9845012345')
  })
})

describe('section 5: mobile and email', () => {
  it('"Mobile number: 11 digits in China." (message: Please enter a valid 11-digit mobile number)', () => {
    expect(check('mobile', '13800138000')).toBeNull()
    for (const bad of ['1380013800', '138001380001', '23800138000', '138-0013-8000'])
      expect([bad, check('mobile', bad)]).toEqual([bad, 'Please enter a valid 11-digit mobile number'])
    // India: digits are enough
    expect(check('mobile', '9845012345', 'IN')).toBeNull()
    expect(check('mobile', '98450x', 'IN')).toBe(PHONE_MSG)
  })
  it('"Email must match a standard address pattern": \'Please enter valid email id\'', () => {
    for (const ok of ['wang.xiaoming@example.edu.cn', 'a+b@lab.example.com']) expect(check('email', ok)).toBeNull()
    for (const bad of ['wang', 'wang@', '@example.com', 'wang@example', 'wang @example.com', 'wang@exa_mple.com'])
      expect([bad, check('email', bad)]).toEqual([bad, 'Please enter valid email id'])
  })
})

describe('section 5: the error flag', () => {
  it('"Invalid fields raise an error flag that blocks submission": a form with any error has the flag; a clean one has none', () => {
    expect(hasErrors(validateAddress(valid(), 'CN'))).toBe(false)
    const errors = validateAddress(valid({ contactName: '', contactPhone: 'abc', email: 'x' }), 'CN')
    expect(hasErrors(errors)).toBe(true)
    expect(Object.keys(errors).sort()).toEqual(['contactName', 'contactPhone', 'email'])
  })
  it('"Editing a field clears its error" (only that field\'s)', () => {
    const errors = validateAddress(valid({ contactName: '', contactPhone: 'abc' }), 'CN')
    const after = clearError(errors, 'contactPhone')
    expect(Object.keys(after)).toEqual(['contactName'])
    expect(clearError(after, 'city')).toBe(after)
  })
  it('fields longer than the contract allows are refused before the server sees them', () => {
    expect(check('zipCode', '1'.repeat(13))).toBe('At most 12 characters')
  })
})

describe('the request and the edit form', () => {
  it('toAddressInput: trimmed values, optional fields left out when empty, the country fixed', () => {
    expect(
      toAddressInput(valid({ contactName: ' 王小明 ', deptOrLab: '  ' }), 'CN', '+86', { isDefault: true }),
    ).toEqual({
      isoCountryCode: 'CN',
      contactName: '王小明',
      contactPhone: '+86-13800138000',
      companyOrInstitution: '复旦大学',
      stateOrProvince: '上海市',
      city: '上海市',
      streetAddress: '浦东新区张衡路 825 号',
      zipCode: '201203',
      isDefault: true,
    })
  })
  it('an ACTIVE ship-to opens with its contact split from attentionTo "name,phone" and the phone without its prefix', () => {
    const s = shipTo({
      addressKey: 'ST-1',
      attentionTo: '王小明,+8613800138000',
      companyOrInstitution: 'Fudan',
      stateOrProvince: '上海市',
      city: '上海市',
      streetAddress: 'X',
      zipCode: '201203',
    })
    const f = formFromShipTo(s as never, '+86')
    expect(f.contactName).toBe('王小明')
    expect(f.contactPhone).toBe('13800138000')
    expect(validateAddress(f, 'CN')).toEqual({})
    expect(nationalPhone('+86-21-51630000', '+86')).toBe('21-51630000')
    expect(nationalPhone('8613800138000', '+86')).toBe('8613800138000')
  })
})
