import { randomInt } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import {
  inviteCodeShape,
  inviteRefusal,
  isNewUser,
  makeInviteCode,
  maskName,
  normalizeInviteCode,
  type InvitationList,
  type InviteRedeemResult,
} from '../../../../types'
import { earnPoints, lockMember, pointsBalance } from '../ledger'
import * as M from './messages'

/**
 * Invitations and referrals (types/membership/invitations.ts for the rules and their order). Each
 * member gets one code per invitation activity (made on first sight, from node:crypto). Entering a
 * code runs in one transaction that locks the invitee and the inviter (in id order, so two members
 * entering each other's codes cannot deadlock), checks the §8 rules, takes one use of the code by a
 * conditional increment (`uses < use_limit`: the limit holds under any concurrency), records the use
 * (unique per invitee and activity) and credits both members (ledger source 'invitation').
 */

const country = (req: FastifyRequest) => (req.user!.country === 'in' ? 'in' : 'cn') as 'cn' | 'in'
const zh = (req: FastifyRequest) => req.locale.language !== 'en'
const running = (a: { start_at: Date; end_at: Date }, now: Date) =>
  new Date(a.start_at) <= now && now < new Date(a.end_at)

/** the member's code in the activity, made if missing (a rare collision with another code is retried) */
async function ensureCode(db: Kysely<DB>, activityId: string, userId: string): Promise<{ code: string; uses: number }> {
  for (let i = 0; i < 8; i++) {
    const have = await db
      .selectFrom('invitation_codes')
      .select(['code', 'uses'])
      .where('activity_id', '=', activityId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (have) return have
    await db
      .insertInto('invitation_codes')
      .values({ code: makeInviteCode(randomInt), activity_id: activityId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  throw new Error('invitation code: could not make a unique code')
}

/** isNewUser from the member's data: an account with orders, or a code entered before, is not new (the list and the redeem alike) */
async function isNewMember(db: Kysely<DB>, user: { id: string; accountId: number }): Promise<boolean> {
  const { n: orders } = await db
    .selectFrom('orders')
    .where('account_id', '=', user.accountId)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  const { n: entered } = await db
    .selectFrom('invitation_uses')
    .where('invitee_id', '=', user.id)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  return isNewUser({ accountOrders: Number(orders), codesEnteredBefore: Number(entered) })
}

/** GET /membership/invitations: the running activities of the caller's country, with the caller's code, uses and invited list */
export async function listInvitations(db: Kysely<DB>, req: FastifyRequest, now = new Date()): Promise<InvitationList> {
  const user = req.user!
  const acts = (
    await db
      .selectFrom('invitation_activities')
      .selectAll()
      .where('country', '=', country(req))
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
  ).filter((a) => running(a, now))
  const activities = []
  const newUser = await isNewMember(db, user)
  for (const a of acts) {
    const own = await ensureCode(db, a.id, user.id)
    const invited = await db
      .selectFrom('invitation_uses as u')
      .innerJoin('users as v', 'v.id', 'u.invitee_id')
      .select(['v.first_name', 'v.last_name', 'u.created_at', 'u.inviter_points'])
      .where('u.inviter_id', '=', user.id)
      .where('u.activity_id', '=', a.id)
      .orderBy('u.created_at', 'desc')
      .orderBy('u.id', 'desc')
      .limit(100)
      .execute()
    const joined = await db
      .selectFrom('invitation_uses')
      .select('code')
      .where('invitee_id', '=', user.id)
      .where('activity_id', '=', a.id)
      .executeTakeFirst()
    activities.push({
      id: a.id,
      name: zh(req) ? a.name_zh : a.name_en,
      rules: zh(req) ? a.rules_zh : a.rules_en,
      startAt: new Date(a.start_at).toISOString(),
      endAt: new Date(a.end_at).toISOString(),
      inviterPoints: a.inviter_points,
      inviteePoints: a.invitee_points,
      useLimit: a.use_limit,
      code: own.code,
      uses: own.uses,
      invited: invited.map((v) => ({
        name: maskName(v.first_name, v.last_name),
        at: new Date(v.created_at).toISOString(),
        points: v.inviter_points,
      })),
      joinedWith: joined?.code ?? null,
      canEnterCode: newUser && !joined,
    })
  }
  return { activities }
}

async function lockInOrder(trx: Transaction<DB>, ids: string[]) {
  for (const id of [...new Set(ids)].sort()) await lockMember(trx, id)
}

/** POST /membership/invitations/redeem */
export async function redeemInvitation(
  db: Kysely<DB>,
  req: FastifyRequest,
  activityId: string,
  rawCode: string,
  now = new Date(),
): Promise<InviteRedeemResult> {
  const user = req.user!
  const code = normalizeInviteCode(rawCode)
  const act = await db
    .selectFrom('invitation_activities')
    .selectAll()
    .where('id', '=', activityId)
    .where('country', '=', country(req))
    .executeTakeFirst()
  if (!act) throw M.invitationActivityNotFound(req)
  return db.transaction().execute(async (trx) => {
    const shape = inviteCodeShape(code)
    const codeRow =
      shape === 'ok'
        ? await trx
            .selectFrom('invitation_codes as c')
            .innerJoin('invitation_activities as a', 'a.id', 'c.activity_id')
            .select(['c.code', 'c.user_id', 'c.activity_id', 'c.uses', 'a.start_at', 'a.end_at', 'a.country'])
            .where('c.code', '=', code)
            .executeTakeFirst()
        : undefined
    await lockInOrder(trx, codeRow ? [user.id, codeRow.user_id] : [user.id])

    const prior = await trx
      .selectFrom('invitation_uses')
      .selectAll()
      .where('activity_id', '=', act.id)
      .where('invitee_id', '=', user.id)
      .executeTakeFirst()
    if (prior && prior.code === code) {
      return {
        activityId: act.id,
        code,
        pointsEarned: prior.invitee_points,
        balance: await pointsBalance(trx, user.id),
        replay: true,
      }
    }
    const newUser = await isNewMember(trx, user)
    const uses = codeRow
      ? (await trx.selectFrom('invitation_codes').select('uses').where('code', '=', code).executeTakeFirstOrThrow())
          .uses
      : 0
    const refusal = inviteRefusal({
      shape,
      code:
        codeRow && codeRow.country === act.country
          ? { ownerId: codeRow.user_id, activityId: codeRow.activity_id, uses }
          : null,
      activityRunning: running(act, now) && (!codeRow || running(codeRow, now)),
      inviteeId: user.id,
      activityId: act.id,
      alreadyInActivity: !!prior,
      newUser,
      useLimit: act.use_limit,
    })
    if (refusal) throw M.inviteRefused(req, refusal)
    const taken = await trx
      .updateTable('invitation_codes')
      .set({ uses: sql`uses + 1` })
      .where('code', '=', code)
      .where('uses', '<', act.use_limit)
      .returning('uses')
      .executeTakeFirst()
    if (!taken) throw M.inviteRefused(req, 'INVITE_USE_LIMIT_EXCEEDED')
    const use = await trx
      .insertInto('invitation_uses')
      .values({
        activity_id: act.id,
        code,
        inviter_id: codeRow!.user_id,
        invitee_id: user.id,
        inviter_points: act.inviter_points,
        invitee_points: act.invitee_points,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await earnPoints(trx, user.id, act.invitee_points, {
      source: 'invitation',
      sourceRef: `invite:${use.id}`,
      note: act.id,
    })
    await earnPoints(trx, codeRow!.user_id, act.inviter_points, {
      source: 'invitation',
      sourceRef: `invite:${use.id}`,
      note: act.id,
    })
    return {
      activityId: act.id,
      code,
      pointsEarned: act.invitee_points,
      balance: await pointsBalance(trx, user.id),
      replay: false,
    }
  })
}
