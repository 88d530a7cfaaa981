import type { FastifyRequest } from 'fastify'
import type { ShipToAddressInput } from '../../../types'
import {
  DIAL_RULES,
  checkPhone,
  isValidCnMobile,
  isValidEmail,
  joinAttentionTo,
  PHONE_PATTERN,
} from '../../../types/account/address-rules'
import { invalid, msg, UNSAFE_TEXT } from './common'

/**
 * The server's re-check of an address form (spec section 5, "Contact and order fields"), using the one
 * set of rules in types/account/address-rules.ts. Every invalid field is named in one 400 VALIDATION_ERROR.
 */

const LABELS: Record<string, [string, string]> = {
  contactName: ['Contact name', '联系人姓名'],
  contactPhone: ['Phone', '电话'],
  mobile: ['Mobile', '手机'],
  email: ['Email', '邮箱'],
  nickName: ['Nickname', '地址别名'],
  deptOrLab: ['Department or lab', '部门或实验室'],
  companyOrInstitution: ['Company or institution', '公司或机构'],
  stateOrProvince: ['State or province', '省份'],
  city: ['City', '城市'],
  streetAddress: ['Street address', '街道地址'],
  buildingOrRoom: ['Building or room', '楼宇或房间'],
  zipCode: ['Zip code', '邮政编码'],
}
const REQUIRED = ['contactName', 'companyOrInstitution', 'stateOrProvince', 'city', 'streetAddress', 'zipCode'] as const
const OPTIONAL_TEXT = ['nickName', 'deptOrLab', 'buildingOrRoom'] as const

export const COUNTRY_NAME: Record<'CN' | 'IN', string> = { CN: 'China', IN: 'India' }

/** Spec: 'Please enter a valid mobile or phone number (" numbers "and "-" are allowed)' */
export const PHONE_MESSAGE_EN = 'Please enter a valid mobile or phone number (" numbers "and "-" are allowed)'
const PHONE_MESSAGE_ZH = '请输入有效的手机或电话号码（仅允许数字和“-”）'

/** Columns of ship_tos written from the form. */
export interface AddressColumnsIn {
  nick_name: string | null
  phone_number: string
  attention_to: string
  dept_or_lab: string | null
  company_or_institution: string
  country: string
  state_or_province: string
  city: string
  street_address: string
  building_or_room: string | null
  zip_code: string
  iso_country_code: 'CN' | 'IN'
  mobile: string | null
  email: string | null
}

export function validateAddressInput(req: FastifyRequest, b: ShipToAddressInput): AddressColumnsIn {
  const errors: string[] = []
  const label = (f: string) => msg(req, LABELS[f][0], LABELS[f][1])
  const fail = (f: string, en: string, zh: string) => errors.push(`body/${f}: ${msg(req, en, zh)}`)
  const text = (f: string): string => {
    const v = ((b as Record<string, unknown>)[f] as string | undefined)?.trim() ?? ''
    if (UNSAFE_TEXT.test(v))
      fail(f, `${label(f)} must not contain control characters, < or >`, `${label(f)}不能包含控制字符、< 或 >`)
    return v
  }

  const values: Record<string, string> = {}
  for (const f of REQUIRED) {
    values[f] = text(f)
    // spec: '{field} is a required field'
    if (!values[f]) fail(f, `${label(f)} is a required field`, `${label(f)}为必填项`)
  }
  for (const f of OPTIONAL_TEXT) values[f] = text(f)

  const iso = b.isoCountryCode
  const phoneIn = b.contactPhone.trim()
  const phone = checkPhone(phoneIn, iso, DIAL_RULES[iso].dialCode)
  if (!phone.ok) {
    if (phone.reason === 'required')
      fail('contactPhone', `${label('contactPhone')} is a required field`, `${label('contactPhone')}为必填项`)
    else if (phone.reason === 'pattern') fail('contactPhone', PHONE_MESSAGE_EN, PHONE_MESSAGE_ZH)
    else {
      // spec: "China accepts +86, 086 or 86 (13 digits in total); India accepts +91, 091 or 91 (12 digits in total)."
      const rule = DIAL_RULES[iso]
      const cc = rule.dialCode.slice(1)
      fail(
        'contactPhone',
        `${PHONE_MESSAGE_EN}: a number written with +${cc}, 0${cc} or ${cc} has ${rule.totalDigits} digits in total`,
        `${PHONE_MESSAGE_ZH}：以 +${cc}、0${cc} 或 ${cc} 开头的号码共 ${rule.totalDigits} 位数字`,
      )
    }
  }

  const mobile = b.mobile?.trim() || null
  if (mobile) {
    // spec: "Mobile number: 11 digits in China."
    if (iso === 'CN' && !isValidCnMobile(mobile))
      fail('mobile', 'Please enter a valid 11-digit mobile number', '请输入有效的 11 位手机号码')
    if (iso === 'IN' && !PHONE_PATTERN.test(mobile)) fail('mobile', PHONE_MESSAGE_EN, PHONE_MESSAGE_ZH)
  }
  const email = b.email?.trim() || null
  // spec: 'Please enter valid email id'
  if (email && !isValidEmail(email)) fail('email', 'Please enter valid email id', '请输入有效的邮箱地址')

  if (errors.length) throw invalid(req, errors.join('; '), errors.join('；'))

  const normalized = (phone as { normalized: string }).normalized
  return {
    nick_name: values.nickName || null,
    phone_number: normalized,
    attention_to: joinAttentionTo(values.contactName, normalized),
    dept_or_lab: values.deptOrLab || null,
    company_or_institution: values.companyOrInstitution,
    country: COUNTRY_NAME[iso],
    state_or_province: values.stateOrProvince,
    city: values.city,
    street_address: values.streetAddress,
    building_or_room: values.buildingOrRoom || null,
    zip_code: values.zipCode,
    iso_country_code: iso,
    mobile,
    email,
  }
}
