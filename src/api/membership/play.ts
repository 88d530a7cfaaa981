import type { MembershipEndpoints, TaskCode } from '../../../types/membership'
import { createFetch } from '../client'

/**
 * The membership play calls (issue 13): lucky draws and the gift bag, tasks, the interaction
 * history, invitations. Contract in types/membership/{draws,tasks,invitations,interactions}.ts. The
 * server decides every draw; the app shows the answer.
 */

/** GET /membership/draws: the country's activities, their prizes, the member's counts and balance */
export const getDraws = createFetch<MembershipEndpoints['draws']>('GET', '/membership/draws')

/** POST /membership/draws/{id}/draw with Idempotency-Key: a retry with the same key replays the draw, never charges twice */
const draw = createFetch<MembershipEndpoints['draw']>('POST', '/membership/draws/:id/draw', { timeoutMs: 20000 })
export const drawOnce = (activityId: string, idempotencyKey: string) =>
  draw({ id: activityId }, {}, { headers: { 'Idempotency-Key': idempotencyKey } })

/** GET /membership/giftbag: the member's prize orders, newest first */
export const getGiftBag = createFetch<MembershipEndpoints['giftBag']>('GET', '/membership/giftbag')

/** POST /membership/giftbag/{id}/address: one of the member's ship-tos on a 'created' prize order */
const prizeAddress = createFetch<MembershipEndpoints['prizeAddress']>('POST', '/membership/giftbag/:id/address')
export const setPrizeAddress = (orderId: string, shipTo: string) => prizeAddress({ id: orderId }, { shipTo })

/** GET /membership/tasks */
export const getTasks = createFetch<MembershipEndpoints['tasks']>('GET', '/membership/tasks')

/** POST /membership/tasks/{code}/claim */
const taskClaim = createFetch<MembershipEndpoints['claimTask']>('POST', '/membership/tasks/:code/claim')
export const claimTask = (code: TaskCode) => taskClaim({ code }, {})

/** GET /membership/interactions */
export const getInteractions = createFetch<MembershipEndpoints['interactions']>('GET', '/membership/interactions')

/** GET /membership/invitations */
export const getInvitations = createFetch<MembershipEndpoints['invitations']>('GET', '/membership/invitations')

/** POST /membership/invitations/redeem */
export const redeemInvitation = createFetch<MembershipEndpoints['redeemInvitation']>(
  'POST',
  '/membership/invitations/redeem',
)
