import type { MessageKey } from '../../i18n'
import type { RouteName } from '../../../types/routes'

/**
 * The My menu of spec section 2 ("orders, requests, quotes, wishlist, Ship-To Info, browsing
 * history, gift centre, referral, earn points, interaction history, supply centre", and persona).
 * `login` entries prompt an anonymous user with 'Please login for better experience' (spec section 6).
 */
export interface MenuEntry {
  key: string
  label: MessageKey
  /** taro-ui icon name */
  icon: string
  route: RouteName
  login: boolean
  /** the info tooltip beside 'My request' */
  info?: MessageKey
  /** a membership entry: hidden from distributor, agent and special accounts (spec §9, userRoles.blackListed) */
  member?: boolean
}

export const MY_MENU: MenuEntry[] = [
  { key: 'orders', label: 'acct.menu.orders', icon: 'shopping-bag', route: 'orderHistory', login: true },
  {
    key: 'enquiries',
    label: 'acct.menu.enquiries',
    icon: 'message',
    route: 'enquiries',
    login: true,
    info: 'acct.menu.enquiriesInfo',
  },
  { key: 'quotes', label: 'acct.menu.quotes', icon: 'file-generic', route: 'quotes', login: true },
  { key: 'wishlist', label: 'acct.menu.wishlist', icon: 'heart', route: 'wishlist', login: true },
  { key: 'shipTo', label: 'acct.menu.shipTo', icon: 'map-pin', route: 'shipToInfo', login: true },
  { key: 'browsingHistory', label: 'acct.menu.browsingHistory', icon: 'clock', route: 'browsingHistory', login: false },
  { key: 'giftCentre', label: 'acct.menu.giftCentre', icon: 'sketch', route: 'giftCentre', login: true, member: true },
  { key: 'referral', label: 'acct.menu.referral', icon: 'share', route: 'referral', login: true, member: true },
  { key: 'earnPoints', label: 'acct.menu.earnPoints', icon: 'star', route: 'earnPoints', login: true, member: true },
  {
    key: 'interactionHistory',
    label: 'acct.menu.interactionHistory',
    icon: 'bullet-list',
    route: 'interactionHistory',
    login: true,
    member: true,
  },
  { key: 'supplyCentre', label: 'acct.menu.supplyCentre', icon: 'home', route: 'supplyCentre', login: true },
  { key: 'persona', label: 'acct.menu.persona', icon: 'user', route: 'persona', login: true },
]

export type MenuAction = { kind: 'go'; route: RouteName } | { kind: 'login' }

/** What a tap on an entry does: login entries need a user; the rest open. */
export function menuAction(e: MenuEntry, loggedIn: boolean): MenuAction {
  if (e.login && !loggedIn) return { kind: 'login' }
  return { kind: 'go', route: e.route }
}

/** The entries a user sees: membership entries are hidden from black-listed accounts ("blocked from the membership centre"). */
export const menuFor = (blackListed: boolean) => (blackListed ? MY_MENU.filter((e) => !e.member) : MY_MENU)
