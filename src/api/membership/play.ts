import type {
  DrawList, DrawResult, GiftBag, InvitationList, InviteRedeemBody, InviteRedeemResult, MemberInteractionPage, PageQuery,
  PrizeOrder, TaskClaimResult, TaskCode, TaskList,
} from '../../../types/membership'
import { apiRequest, createFetch } from '../client'

/**
 * The membership play calls (issue 13): lucky draws and the gift bag, tasks, the interaction
 * history, invitations. Contract in types/membership/{draws,tasks,invitations,interactions}.ts. The
 * server decides every draw; the app shows the answer.
 */

const enc = encodeURIComponent

/** GET /membership/draws: the country's activities, their prizes, the member's counts and balance */
export const getDraws = createFetch<void, DrawList>('GET', '/membership/draws')

/** POST /membership/draws/{id}/draw with Idempotency-Key: a retry with the same key replays the draw, never charges twice */
export const drawOnce = (activityId: string, idempotencyKey: string) =>
  apiRequest<DrawResult>({ method: 'POST', path: `/membership/draws/${enc(activityId)}/draw`, body: {}, headers: { 'Idempotency-Key': idempotencyKey }, timeoutMs: 20000 })

/** GET /membership/giftbag: the member's prize orders, newest first */
export const getGiftBag = createFetch<PageQuery, GiftBag>('GET', '/membership/giftbag')

/** POST /membership/giftbag/{id}/address: one of the member's ship-tos on a 'created' prize order */
export const setPrizeAddress = (orderId: string, shipTo: string) =>
  apiRequest<PrizeOrder>({ method: 'POST', path: `/membership/giftbag/${enc(orderId)}/address`, body: { shipTo } })

/** GET /membership/tasks */
export const getTasks = createFetch<void, TaskList>('GET', '/membership/tasks')

/** POST /membership/tasks/{code}/claim */
export const claimTask = (code: TaskCode) => apiRequest<TaskClaimResult>({ method: 'POST', path: `/membership/tasks/${enc(code)}/claim`, body: {} })

/** GET /membership/interactions */
export const getInteractions = createFetch<PageQuery, MemberInteractionPage>('GET', '/membership/interactions')

/** GET /membership/invitations */
export const getInvitations = createFetch<void, InvitationList>('GET', '/membership/invitations')

/** POST /membership/invitations/redeem */
export const redeemInvitation = createFetch<InviteRedeemBody, InviteRedeemResult>('POST', '/membership/invitations/redeem')
