import type { BillTo, CreditRecord, ShipTo, ShipToBillTos, SysConfig, UserInfo } from '../../../types'
import {
  MAX_PENDING_SHIP_TOS,
  MAX_SHIP_TOS_PER_ACCOUNT,
  addressLine,
  addressTitle,
  splitAttentionTo,
} from '../../../types/account/address-rules'
import { isFlagOn } from '../platform/feature-flags'

/**
 * The ship-to list rules of spec sections 2 and 4 ("Ship-to list", "Default address"), one pure
 * function per rule. Used by the Ship-To Info list, the delivery-address chooser and (later) the
 * cart and flash buy.
 */

type Entries = Pick<UserInfo, 'allShipToBillToAddresses'> | null | undefined

const entriesOf = (u: Entries): ShipToBillTos[] => u?.allShipToBillToAddresses ?? []

export const isActive = (s: Pick<ShipTo, 'addressStatus'>) => s.addressStatus === 'ACTIVE'

/** "Only ACTIVE addresses can be edited or set as default." */
export const canEdit = (s: Pick<ShipTo, 'addressStatus'>) => isActive(s)

/** "Only ACTIVE addresses can be edited or set as default." An ACTIVE default shows its Default badge instead. */
export const canSetDefault = (s: Pick<ShipTo, 'addressStatus' | 'isDefault'>) => isActive(s) && !s.isDefault

/** "A Pre-payment badge shows when the ship-to or any bill-to is prepaid." */
export const isPrepaid = (e: ShipToBillTos) => e.shipTo.prePaymentAccount || e.billTos.some((b) => b.prePaymentAccount)

export type ShipToBadge = 'default' | 'pending' | 'prepayment'

/**
 * "Active ones show the account number, a Default badge or a 'Set as Default' link ...
 * Pending ones show a web reference number and a Pending badge. A Pre-payment badge shows when the
 * ship-to or any bill-to is prepaid."
 */
export function shipToBadges(e: ShipToBillTos): ShipToBadge[] {
  const out: ShipToBadge[] = []
  if (isActive(e.shipTo) && e.shipTo.isDefault) out.push('default')
  if (!isActive(e.shipTo)) out.push('pending')
  if (isPrepaid(e)) out.push('prepayment')
  return out
}

/** The number a ship-to is known by: its account number when ACTIVE, its web reference while PENDING. */
export function shipToNumber(s: ShipTo): { kind: 'account' | 'webReference'; value: string } {
  return isActive(s)
    ? { kind: 'account', value: s.accountNumber ?? '' }
    : { kind: 'webReference', value: s.webReference ?? '' }
}

/** "A single default shipTo in PENDING status counts as no usable address": usable means at least one ACTIVE ship-to. */
export const hasUsableAddress = (u: Entries) => entriesOf(u).some((e) => isActive(e.shipTo))

export type AddShipToCheck =
  { ok: true } | { ok: false; reason: 'anonymous' | 'blackListed' | 'pendingReview' | 'limit' }

/**
 * When the add-new-address footer appears (spec section 2: "An add-new-address footer appears
 * under a condition"). Rule: a user may add a ship-to unless
 * - the account is black-listed (distributor, agent and special accounts): their addresses are
 *   managed by their account manager; or
 * - MAX_PENDING_SHIP_TOS (3) new addresses are already PENDING review (about 2 business days,
 *   spec section 9); or
 * - the account has MAX_SHIP_TOS_PER_ACCOUNT (20) ship-tos.
 * The server enforces the same two limits.
 */
export function canAddShipTo(
  u: (Entries & { userRoles: Pick<UserInfo['userRoles'], 'blackListed'> }) | null | undefined,
): AddShipToCheck {
  if (!u) return { ok: false, reason: 'anonymous' }
  if (u.userRoles.blackListed) return { ok: false, reason: 'blackListed' }
  const all = entriesOf(u)
  if (all.filter((e) => !isActive(e.shipTo)).length >= MAX_PENDING_SHIP_TOS)
    return { ok: false, reason: 'pendingReview' }
  if (all.length >= MAX_SHIP_TOS_PER_ACCOUNT) return { ok: false, reason: 'limit' }
  return { ok: true }
}

/** The default ship-to the user can order with: the ACTIVE default, else the first ACTIVE one. */
export function usableDefault(u: Entries): ShipToBillTos | null {
  const active = entriesOf(u).filter((e) => isActive(e.shipTo))
  return active.find((e) => e.shipTo.isDefault) ?? active[0] ?? null
}

/** The ship-to an order (checkout, flash buy) goes to: the one chosen if still ACTIVE and the user's, else the usable default. */
export function orderShipTo(
  u: Pick<UserInfo, 'allShipToBillToAddresses'> | null | undefined,
  chosen: string | null,
): ShipToBillTos | null {
  if (!u) return null
  const hit = chosen
    ? u.allShipToBillToAddresses.find((e) => e.shipTo.addressKey === chosen && isActive(e.shipTo))
    : undefined
  return hit ?? usableDefault(u)
}

/** attentionTo is "name,phone" (spec section 3): shown as the contact name and phone. */
export const attentionOf = (a: Pick<ShipTo, 'attentionTo'>) => splitAttentionTo(a.attentionTo)

/** The address line, joined per country (types/account/address-rules.ts: the server's labels use it too). */
export { addressLine }

/** A bill-to's title (spec section 2: "Per bill-to: ... a title") and a ship-to's name in the pickers: its nickname, else the company. */
export const billToTitle = (b: Pick<BillTo, 'nickName' | 'companyOrInstitution'>) => addressTitle(b)
export const shipToTitle = (s: Pick<ShipTo, 'nickName' | 'companyOrInstitution'>) => addressTitle(s)

/** The flat list of bill-to account numbers POST /creditlimit/list is called with (spec section 7). */
export function billToAccountNumbers(u: Entries): string[] {
  const out: string[] = []
  for (const e of entriesOf(u))
    for (const b of e.billTos) if (b.accountNumber && !out.includes(b.accountNumber)) out.push(b.accountNumber)
  return out
}

/** "Per bill-to: an overdue tag" from POST /creditlimit/list; the record in the user info until that answers. */
export function creditOf(
  b: BillTo,
  credit: Record<string, CreditRecord>,
): { overdue: boolean; updateTime: string | null } {
  const r = b.accountNumber ? credit[b.accountNumber] : undefined
  return r ? { overdue: r.overdue, updateTime: r.updateTime } : { overdue: b.overdue, updateTime: b.creditUpdateTime }
}

/**
 * "AR statement and invoice buttons show only for certain countries": the sys-config flags
 * ENABLE_AR_STATEMENT and ENABLE_INVOICE_LIST ('1' for cn, '0' for in). A bill-to still under review
 * has no account number and no statement.
 */
export function billToButtons(b: Pick<BillTo, 'accountNumber'>, flags: Partial<SysConfig>) {
  const has = !!b.accountNumber
  return {
    arStatement: has && isFlagOn(flags, 'ENABLE_AR_STATEMENT'),
    invoiceList: has && isFlagOn(flags, 'ENABLE_INVOICE_LIST'),
  }
}

/** The query of /my-account/ARstatement/{billToAccountNumber}?shipTo&deptOrLab&companyOrInstitution&updateTime&overdue */
export function arStatementParams(e: ShipToBillTos, b: BillTo, credit: Record<string, CreditRecord>) {
  const c = creditOf(b, credit)
  return {
    billToAccountNumber: b.accountNumber ?? '',
    shipTo: e.shipTo.accountNumber ?? '',
    deptOrLab: e.shipTo.deptOrLab ?? '',
    companyOrInstitution: e.shipTo.companyOrInstitution ?? '',
    updateTime: c.updateTime ?? '',
    overdue: c.overdue ? '1' : '0',
  }
}
