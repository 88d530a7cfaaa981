import type { MembershipEndpoints } from '../../../types/membership/endpoints'
import type { RedeemBody } from '../../../types/membership/gifts-schemas'
import { createFetch } from '../client'

/**
 * The points and gift-centre calls (docs/membership.md; contract in
 * types/membership/points-schemas.ts and gifts-schemas.ts). All need a member's login: 401 without,
 * 403 MEMBERSHIP_BLOCKED for distributor, agent and special accounts.
 */

/** GET /membership/points: balance and the next points to expire */
export const getPointsSummary = createFetch<MembershipEndpoints['points']>('GET', '/membership/points')
/** GET /membership/points/entries: the ledger, newest first */
export const getPointsEntries = createFetch<MembershipEndpoints['pointsEntries']>('GET', '/membership/points/entries')

/** GET /membership/gifts: the gifts with their exchange status for the member, and the balance */
export const getGifts = createFetch<MembershipEndpoints['gifts']>('GET', '/membership/gifts')
const gift = createFetch<MembershipEndpoints['gift']>('GET', '/membership/gifts/:id')
export const getGift = (id: string) => gift({ id })

/** POST /membership/gifts/redeem with the header Idempotency-Key: the same key and body give the first answer again */
const redeem = createFetch<MembershipEndpoints['redeemGift']>('POST', '/membership/gifts/redeem', { timeoutMs: 30000 })
export const redeemGift = (body: RedeemBody, idempotencyKey: string) =>
  redeem(body, { headers: { 'Idempotency-Key': idempotencyKey } })

export const getRedemptions = createFetch<MembershipEndpoints['redemptions']>('GET', '/membership/redemptions')
const redemption = createFetch<MembershipEndpoints['redemption']>('GET', '/membership/redemptions/:redemptionNumber')
export const getRedemption = (redemptionNumber: string) => redemption({ redemptionNumber })

export const getFeedback = createFetch<MembershipEndpoints['feedback']>('GET', '/membership/redemption-feedback')
export const postFeedback = createFetch<MembershipEndpoints['postFeedback']>('POST', '/membership/redemption-feedback')
