import type { PointsEntriesPage, PointsSummary } from '../../../types/membership/points-schemas'
import type {
  Feedback, FeedbackBody, Gift, GiftList, RedeemBody, RedeemResult, Redemption, RedemptionPage,
} from '../../../types/membership/gifts-schemas'
import { apiRequest, createFetch } from '../client'

/**
 * The points and gift-centre calls (README "Membership: points and gifts"; contract in
 * types/membership/points-schemas.ts and gifts-schemas.ts). All need a member's login: 401 without,
 * 403 MEMBERSHIP_BLOCKED for distributor, agent and special accounts.
 */

const enc = encodeURIComponent

/** GET /membership/points: balance and the next points to expire */
export const getPointsSummary = createFetch<void, PointsSummary>('GET', '/membership/points')
/** GET /membership/points/entries: the ledger, newest first */
export const getPointsEntries = createFetch<{ page: number; pageSize: number }, PointsEntriesPage>('GET', '/membership/points/entries')

/** GET /membership/gifts: the gifts with their exchange status for the member, and the balance */
export const getGifts = createFetch<void, GiftList>('GET', '/membership/gifts')
export const getGift = (id: string) => apiRequest<Gift>({ path: `/membership/gifts/${enc(id)}` })

/** POST /membership/gifts/redeem with the header Idempotency-Key: the same key and body give the first answer again */
export const redeemGift = (body: RedeemBody, idempotencyKey: string) =>
  apiRequest<RedeemResult>({ method: 'POST', path: '/membership/gifts/redeem', body, headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 30000 })

export const getRedemptions = createFetch<{ page: number; pageSize: number }, RedemptionPage>('GET', '/membership/redemptions')
export const getRedemption = (redemptionNumber: string) => apiRequest<Redemption>({ path: `/membership/redemptions/${enc(redemptionNumber)}` })

export const getFeedback = createFetch<void, Feedback[]>('GET', '/membership/redemption-feedback')
export const postFeedback = createFetch<FeedbackBody, Feedback>('POST', '/membership/redemption-feedback')
