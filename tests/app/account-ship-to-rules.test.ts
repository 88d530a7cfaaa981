import {
  addressLine,
  arStatementParams,
  billToAccountNumbers,
  billToButtons,
  billToTitle,
  canAddShipTo,
  canEdit,
  canSetDefault,
  creditOf,
  shipToTitle,
  hasUsableAddress,
  isPrepaid,
  shipToBadges,
  shipToNumber,
  usableDefault,
} from '../../src/rules/account/ship-to'
import { MY_MENU, menuAction } from '../../src/pages/my/menu'
import { AR_ROUTE_PARAMS, approvedCn, approvedCnAddresses, approvedIn, billTo, shipTo } from './account-fixtures'

/** The Ship-To Info rules of spec sections 2 and 4, each quoted. */
const entries = () =>
  approvedCnAddresses() as never as ReturnType<typeof approvedCn>['allShipToBillToAddresses'] & any[]
const user = (over: Record<string, unknown> = {}) => approvedCn(over) as any
const flags = (ar: '1' | '0', inv: '1' | '0') =>
  ({
    ENABLE_AR_STATEMENT: { dictValue: ar, dictLabel: '' },
    ENABLE_INVOICE_LIST: { dictValue: inv, dictLabel: '' },
  }) as any

describe('ship-to list (spec section 2)', () => {
  it('"Active ones show the account number, a Default badge or a \'Set as Default\' link"; "Pending ones show a web reference number and a Pending badge"', () => {
    const [def, other, pending] = entries()
    expect(shipToNumber(def.shipTo as any)).toEqual({ kind: 'account', value: '1000001' })
    expect(shipToBadges(def as any)).toEqual(['default'])
    expect(canSetDefault(def.shipTo as any)).toBe(false) // already the default: badge, no link
    expect(canSetDefault(other.shipTo as any)).toBe(true)
    expect(shipToNumber(pending.shipTo as any)).toEqual({ kind: 'webReference', value: 'WEB-2026-000123' })
    expect(shipToBadges(pending as any)).toEqual(['pending'])
  })

  it('"Only ACTIVE addresses can be edited or set as default" (a PENDING default is not settable either)', () => {
    const [def, , pending] = entries()
    expect(canEdit(def.shipTo as any)).toBe(true)
    expect(canEdit(pending.shipTo as any)).toBe(false)
    expect(canSetDefault(pending.shipTo as any)).toBe(false)
    expect(canSetDefault({ addressStatus: 'PENDING', isDefault: false })).toBe(false)
  })

  it('"A Pre-payment badge shows when the ship-to or any bill-to is prepaid"', () => {
    const [def, prepaidBillTo] = entries()
    expect(isPrepaid(def as any)).toBe(false)
    expect(isPrepaid(prepaidBillTo as any)).toBe(true) // bill-to 2000003 is prepaid
    expect(shipToBadges(prepaidBillTo as any)).toEqual(['prepayment'])
    const prepaidShipTo = { shipTo: shipTo({ addressKey: 'S', prePaymentAccount: true, isDefault: true }), billTos: [] }
    expect(shipToBadges(prepaidShipTo as any)).toEqual(['default', 'prepayment'])
    const oneOfMany = {
      shipTo: shipTo({ addressKey: 'S' }),
      billTos: [billTo({ addressKey: 'a' }), billTo({ addressKey: 'b', prePaymentAccount: true })],
    }
    expect(isPrepaid(oneOfMany as any)).toBe(true)
  })

  it('"A single default shipTo in PENDING status counts as no usable address"', () => {
    const lite = {
      allShipToBillToAddresses: [
        {
          shipTo: shipTo({ addressKey: 'P', addressStatus: 'PENDING', isDefault: true, webReference: 'WEB-1' }),
          billTos: [],
        },
      ],
    }
    expect(hasUsableAddress(lite as any)).toBe(false)
    expect(usableDefault(lite as any)).toBeNull()
    expect(hasUsableAddress({ allShipToBillToAddresses: [] } as any)).toBe(false)
    expect(hasUsableAddress(user())).toBe(true)
    expect(usableDefault(user())!.shipTo.addressKey).toBe('ST-1000001-01')
  })

  it('the add-new-address footer: not for black-listed accounts, not with 3 new addresses PENDING review, not at 20 ship-tos', () => {
    const all = entries()
    const pendingOne = all.find((e: any) => e.shipTo.addressStatus === 'PENDING')
    expect(canAddShipTo(user())).toEqual({ ok: true }) // one address (ST-PENDING-000123) under review still allows another
    const threePending = user({ allShipToBillToAddresses: [...all, pendingOne, pendingOne] })
    expect(canAddShipTo(threePending)).toEqual({ ok: false, reason: 'pendingReview' })
    const active = all.find((e: any) => e.shipTo.addressStatus === 'ACTIVE')
    expect(canAddShipTo(user({ allShipToBillToAddresses: Array.from({ length: 20 }, () => active) }))).toEqual({
      ok: false,
      reason: 'limit',
    })
    expect(canAddShipTo(user({ allShipToBillToAddresses: Array.from({ length: 19 }, () => active) }))).toEqual({
      ok: true,
    })
    expect(canAddShipTo({ ...user(), userRoles: { ...user().userRoles, blackListed: true } })).toEqual({
      ok: false,
      reason: 'blackListed',
    })
    expect(canAddShipTo(user({ allShipToBillToAddresses: [] }))).toEqual({ ok: true })
    expect(canAddShipTo(null)).toEqual({ ok: false, reason: 'anonymous' })
  })

  it('"Shown fields: attention-to, department or labs, company or institution, address": the address joined per country', () => {
    const [def] = entries()
    expect(addressLine(def.shipTo as any)).toBe('上海市 浦东新区张衡路 825 号 3 号楼 402 室, 201203')
    expect(addressLine(approvedIn().allShipToBillToAddresses[0].shipTo as any)).toBe(
      'Room 214, CV Raman Road, Bengaluru, Karnataka - 560012',
    )
    expect(billToTitle(def.billTos[0] as any)).toBe('学院财务处')
    expect(billToTitle({ nickName: null, companyOrInstitution: '复旦大学' })).toBe('复旦大学')
  })

  it('a ship-to is named as a bill-to is titled, in every picker: its nickname, else its company', () => {
    expect(shipToTitle({ nickName: '冷室', companyOrInstitution: '复旦大学' })).toBe('冷室')
    expect(shipToTitle({ nickName: '', companyOrInstitution: ' 复旦大学 ' })).toBe('复旦大学')
    expect(shipToTitle({ nickName: null, companyOrInstitution: null })).toBe('')
  })
})

describe('bill-tos (spec sections 2, 6 and 7)', () => {
  it('POST /creditlimit/list is called with the "flat list of bill-to account numbers" (no duplicates, none under review)', () => {
    expect(billToAccountNumbers(user())).toEqual(['2000001', '2000002', '2000003'])
  })
  it('"Per bill-to: an overdue tag" from the credit list, the user info\'s record until it answers', () => {
    const b = entries()[0].billTos[1] as any
    expect(creditOf(b, {}).overdue).toBe(false)
    expect(
      creditOf(b, { 2000002: { billTo: '2000002', overdue: true, updateTime: '2026-01-15T02:00:00.000Z' } }),
    ).toEqual({ overdue: true, updateTime: '2026-01-15T02:00:00.000Z' })
    expect(creditOf({ ...b, overdue: true, creditUpdateTime: 't' }, {})).toEqual({ overdue: true, updateTime: 't' })
  })
  it('"AR statement and invoice buttons show only for certain countries" (ENABLE_AR_STATEMENT / ENABLE_INVOICE_LIST)', () => {
    const b = entries()[0].billTos[0] as any
    expect(billToButtons(b, flags('1', '1'))).toEqual({ arStatement: true, invoiceList: true })
    expect(billToButtons(b, flags('0', '0'))).toEqual({ arStatement: false, invoiceList: false })
    expect(billToButtons(b, flags('1', '0'))).toEqual({ arStatement: true, invoiceList: false })
    expect(billToButtons(b, {})).toEqual({ arStatement: false, invoiceList: false }) // flags off when the config cannot be read
    expect(billToButtons({ accountNumber: null }, flags('1', '1'))).toEqual({ arStatement: false, invoiceList: false })
  })
  it('the AR statement route carries ?shipTo&deptOrLab&companyOrInstitution&updateTime&overdue', () => {
    const e = entries()[0] as any
    expect(
      arStatementParams(e, e.billTos[1], {
        2000002: { billTo: '2000002', overdue: true, updateTime: '2026-01-15T02:00:00.000Z' },
      }),
    ).toEqual(AR_ROUTE_PARAMS)
  })
})

describe('My menu (spec sections 2 and 6)', () => {
  it('has the section 2 entries, every one built; anonymous users are asked to log in for account entries', () => {
    expect(MY_MENU.map((e) => e.key)).toEqual([
      'orders',
      'enquiries',
      'quotes',
      'wishlist',
      'shipTo',
      'browsingHistory',
      'giftCentre',
      'referral',
      'earnPoints',
      'interactionHistory',
      'supplyCentre',
      'persona',
    ])
    const by = (k: string) => MY_MENU.find((e) => e.key === k)!
    expect(menuAction(by('quotes'), true)).toEqual({ kind: 'go', route: 'quotes' })
    expect(menuAction(by('quotes'), false)).toEqual({ kind: 'login' })
    expect(menuAction(by('orders'), true)).toEqual({ kind: 'go', route: 'orderHistory' })
    expect(menuAction(by('orders'), false)).toEqual({ kind: 'login' })
    expect(menuAction(by('enquiries'), true)).toEqual({ kind: 'go', route: 'enquiries' })
    expect(menuAction(by('giftCentre'), true)).toEqual({ kind: 'go', route: 'giftCentre' })
    expect(menuAction(by('giftCentre'), false)).toEqual({ kind: 'login' })
    // issue 13 (play half): the profile tabs referral, earn points by tasks, my interaction history
    for (const k of ['referral', 'earnPoints', 'interactionHistory'] as const) {
      expect([k, menuAction(by(k), true)]).toEqual([k, { kind: 'go', route: k }])
      expect([k, menuAction(by(k), false)]).toEqual([k, { kind: 'login' }])
    }
    expect(menuAction(by('shipTo'), true)).toEqual({ kind: 'go', route: 'shipToInfo' })
    expect(menuAction(by('shipTo'), false)).toEqual({ kind: 'login' })
    expect(menuAction(by('wishlist'), false)).toEqual({ kind: 'login' })
    expect(menuAction(by('browsingHistory'), false)).toEqual({ kind: 'go', route: 'browsingHistory' }) // kept on the device for visitors
    expect(by('enquiries').info).toBe('acct.menu.enquiriesInfo')
  })
})
