/**
 * Delivery channel, spec section 4 "Delivery channel":
 * "SP or SC become SC; anything else becomes TFS. A coupon code containing M forces TFS."
 * "Items with no delivery-centre stock match are non-smart-procurement and use TFS. A TFS inventory
 *  match clears the smart flags."
 * "Cart delivery modes: SP (by flag SC or TFS), Web (all TFS), Split (by flag)."
 * "Smart-distribution is the default order preference; supply-centre priority is the alternative."
 * Section 7, /sc/getSkuDeliveryChannel: "Used when the quote channel is SP and a default SC exists".
 * Section 4, flash buy: "Order types D1, D2 and CR count as supply-centre orders."
 *
 * Pure and dependency-free: shared by the server (pricing) and the app (cart).
 */

/** SC = supply centre, TFS = web / warehouse. */
export type DeliveryChannel = 'SC' | 'TFS'
/** Quote channel as the back office sends it; values seen: 'SP', 'SC', 'Web', 'TFS'. */
export type QuoteChannel = string

/**
 * "SP or SC become SC; anything else becomes TFS. A coupon code containing M forces TFS."
 * Read literally: any applied code with the letter M anywhere (case-insensitive) forces TFS — the M
 * (plastics) coupons are web-only. The quote channel is compared exactly ('sp' is "anything else").
 */
export function deliveryChannelOf(quoteChannel: string | null | undefined, couponCodes: readonly string[] = []): DeliveryChannel {
  if (couponCodes.some((c) => typeof c === 'string' && /m/i.test(c))) return 'TFS'
  return quoteChannel === 'SP' || quoteChannel === 'SC' ? 'SC' : 'TFS'
}

/** Section 7: the SKU channel lookup is "Used when the quote channel is SP and a default SC exists". */
export function needsSupplyCentreLookup(quoteChannel: string | null | undefined, defaultSc: string | null | undefined): boolean {
  return quoteChannel === 'SP' && typeof defaultSc === 'string' && defaultSc.trim() !== ''
}

export interface ChannelDecision { deliveryChannel: DeliveryChannel; isSmartProc: boolean; spFlag: boolean }

const NOT_SMART: ChannelDecision = Object.freeze({ deliveryChannel: 'TFS', isSmartProc: false, spFlag: false })

/**
 * "Items with no delivery-centre stock match are non-smart-procurement and use TFS. A TFS inventory
 *  match clears the smart flags."
 * Only a line that wants SC, matches supply-centre stock and has no TFS match is smart procurement
 * (SC, both flags set). Everything else is TFS without smart flags — including a line that wants TFS
 * (smart procurement is a supply-centre notion).
 */
export function smartChannel(input: { wanted: DeliveryChannel; scStockMatch: boolean; tfsStockMatch: boolean }): ChannelDecision {
  if (input.tfsStockMatch || !input.scStockMatch || input.wanted !== 'SC') return { ...NOT_SMART }
  return { deliveryChannel: 'SC', isSmartProc: true, spFlag: true }
}

/** "Cart delivery modes: SP (by flag SC or TFS), Web (all TFS), Split (by flag)." */
export type DeliveryMode = 'SP' | 'Web' | 'Split'

/** The channel of a line under a cart delivery mode: Web is all TFS; SP and Split follow the line's flag. */
export function channelForMode(mode: DeliveryMode, flag: DeliveryChannel): DeliveryChannel {
  return mode === 'Web' ? 'TFS' : flag
}

/** The cart's mode from its lines' channels: all SC → SP, all TFS (or no lines) → Web, mixed → Split. */
export function deliveryModeOf(channels: readonly DeliveryChannel[]): DeliveryMode {
  if (channels.every((c) => c === 'TFS')) return 'Web'
  if (channels.every((c) => c === 'SC')) return 'SP'
  return 'Split'
}

/** "Smart-distribution is the default order preference; supply-centre priority is the alternative." */
export type OrderPreference = 'SMART_DISTRIBUTION' | 'SC_PRIORITY'
export const DEFAULT_ORDER_PREFERENCE: OrderPreference = 'SMART_DISTRIBUTION'

/** "Order types D1, D2 and CR count as supply-centre orders." */
export const SUPPLY_CENTRE_ORDER_TYPES = ['D1', 'D2', 'CR'] as const
export function isSupplyCentreOrderType(t: string): boolean {
  return (SUPPLY_CENTRE_ORDER_TYPES as readonly string[]).includes(t)
}
