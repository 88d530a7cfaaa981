/** Business constants of spec section 9 that the app uses. One place; tests quote them. */

/** "Toast default 1500 ms (5 s for flash-buy messages, 3 s for session messages)" */
// unknownOutcome (issue 22 item 8): the lost-answer message of a placement is two sentences the buyer must read: as long as flash-buy's
export const TOAST_MS = { default: 1500, flashbuy: 5000, session: 3000, unknownOutcome: 5000 } as const
export type ToastKind = keyof typeof TOAST_MS

/** "Header scrolled threshold 10 px" */
export const HEADER_SCROLLED_PX = 10

/** "Sign-in popup delay 5 seconds" */
export const SIGN_IN_POPUP_DELAY_MS = 5000

/** "Default debounce 600 ms" */
export const DEFAULT_DEBOUNCE_MS = 600

/** "Default phone prefix +86" */
export const DEFAULT_PHONE_PREFIX = '+86'

/** Countries: "cn (default) and in" */
export const COUNTRIES = ['cn', 'in'] as const
export type Country = (typeof COUNTRIES)[number]
export const DEFAULT_COUNTRY: Country = 'cn'

/** "Currency CNY (¥) for cn, INR (₹) for in; default region cn" */
export const CURRENCY_BY_COUNTRY = { cn: { code: 'CNY', symbol: '¥' }, in: { code: 'INR', symbol: '₹' } } as const
