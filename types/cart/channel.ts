/**
 * Delivery channel (spec section 4, "Delivery channel"):
 * "SP or SC become SC; anything else becomes TFS. A coupon code containing M forces TFS."
 * "Items with no delivery-centre stock match are non-smart-procurement and use TFS. A TFS inventory
 *  match clears the smart flags."
 * "Cart delivery modes: SP (by flag SC or TFS), Web (all TFS), Split (by flag)."
 * "Smart-distribution is the default order preference; supply-centre priority is the alternative."
 * Section 7: /sc/getSkuDeliveryChannel is "Used when the quote channel is SP and a default SC exists".
 * Section 4: "Order types D1, D2 and CR count as supply-centre orders."
 */
export type DeliveryChannel = 'SC' | 'TFS'
/** values seen: SP, SC, Web, TFS */
export type QuoteChannel = string

export function deliveryChannelOf(
  quoteChannel: string | null | undefined,
  couponCodes: readonly string[] = [],
): DeliveryChannel {
  if (couponCodes.some((c) => c.toUpperCase().includes('M'))) return 'TFS'
  return quoteChannel === 'SP' || quoteChannel === 'SC' ? 'SC' : 'TFS'
}

export function needsSupplyCentreLookup(
  quoteChannel: string | null | undefined,
  defaultSc: string | null | undefined,
): boolean {
  return quoteChannel === 'SP' && !!defaultSc
}

export interface ChannelDecision {
  deliveryChannel: DeliveryChannel
  isSmartProc: boolean
  spFlag: boolean
}

export function smartChannel(input: {
  wanted: DeliveryChannel
  scStockMatch: boolean
  tfsStockMatch: boolean
}): ChannelDecision {
  if (input.wanted !== 'SC' || !input.scStockMatch) return { deliveryChannel: 'TFS', isSmartProc: false, spFlag: false }
  if (input.tfsStockMatch) return { deliveryChannel: 'TFS', isSmartProc: false, spFlag: false }
  return { deliveryChannel: 'SC', isSmartProc: true, spFlag: true }
}

export type DeliveryMode = 'SP' | 'Web' | 'Split'

export function channelForMode(mode: DeliveryMode, flag: DeliveryChannel): DeliveryChannel {
  return mode === 'Web' ? 'TFS' : flag
}

export function deliveryModeOf(channels: readonly DeliveryChannel[]): DeliveryMode {
  if (channels.length === 0 || channels.every((c) => c === 'TFS')) return 'Web'
  return channels.every((c) => c === 'SC') ? 'SP' : 'Split'
}

export type OrderPreference = 'SMART_DISTRIBUTION' | 'SC_PRIORITY'
export const DEFAULT_ORDER_PREFERENCE: OrderPreference = 'SMART_DISTRIBUTION'

export const SUPPLY_CENTRE_ORDER_TYPES = ['D1', 'D2', 'CR'] as const
export const isSupplyCentreOrderType = (t: string): boolean =>
  (SUPPLY_CENTRE_ORDER_TYPES as readonly string[]).includes(t)
