import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../../db/schema'
import type { OnboardingRequestTable } from '../../../db/schema-account'
import { ApiError, ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { pageOf } from '../../../lib/paging'
import { staffWrite } from '../../staff'
import { emitEvent } from '../../platform'
import { mailNotices, notifyBuyer } from '../notify'
import { accountStaffEndpoints, type OnboardingReview } from '../../../../types/account/staff-endpoints'
import {
  accountRef,
  accountsById,
  alreadyDecided,
  decided,
  decisionFields,
  notFound,
  rejectionReason,
  userRef,
  usersById,
} from './common'
import * as N from './notices'

/**
 * Onboarding decisions (issue 24): "Onboarding link-account: approve (Siebel Approved, linked to the account) or
 * reject." A link-account approval moves the user to the organisation account (the number they typed, or the one
 * staff give) and makes them Siebel Approved; their session sees it at once (app.invalidateUser). Their old
 * self-registered account keeps what it had (addresses, history); they now work in the organisation's.
 * An 'address' request is the Partially Registered user's new ship-to: it is decided with that ship-to
 * (POST /admin/ship-tos/:id/approve or /reject), so deciding it here is a 409 naming that route.
 */

/** A Siebel row id like the seeded ones ('1-8Z2K4QX'): the CRM contact the approval creates. */
const newSiebelRowId = () => {
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'
  return `1-${[...randomBytes(7)].map((b) => alphabet[b % alphabet.length]).join('')}`
}

async function toReviews(
  db: Kysely<DB>,
  rows: Selectable<OnboardingRequestTable>[],
  now = new Date(),
): Promise<OnboardingReview[]> {
  const users = await usersById(
    db,
    rows.map((r) => r.user_id),
  )
  const typed = rows.map((r) => r.account_number).filter((n): n is string => !!n)
  const matching = new Map(
    (typed.length
      ? await db.selectFrom('accounts').selectAll().where('account_number', 'in', typed).execute()
      : []
    ).map((a) => [a.account_number!, a]),
  )
  const accounts = await accountsById(db, [
    ...[...users.values()].map((u) => u.account_id),
    ...rows.map((r) => r.linked_account_id).filter((x): x is number => x !== null),
  ])
  const shipToIds = rows.map((r) => r.ship_to_id).filter((x): x is number => x !== null)
  const reviews = new Map(
    (shipToIds.length
      ? await db
          .selectFrom('ship_to_reviews')
          .select(['id', 'ship_to_id'])
          .where('ship_to_id', 'in', shipToIds)
          .orderBy('id')
          .execute()
      : []
    ).map((r) => [r.ship_to_id!, r.id]),
  )
  return rows.map((r) => {
    const u = users.get(r.user_id)!
    const match = r.account_number ? matching.get(r.account_number) : undefined
    return {
      requestId: r.request_id,
      kind: r.kind,
      user: userRef(u),
      account: accountRef(accounts.get(u.account_id)!),
      accountNumber: r.account_number,
      companyOrInstitution: r.company_or_institution,
      zipCode: r.zip_code,
      matchingAccount: match ? accountRef(match) : null,
      shipToReviewId: r.ship_to_id === null ? null : (reviews.get(r.ship_to_id) ?? null),
      linkedAccount: r.linked_account_id === null ? null : accountRef(accounts.get(r.linked_account_id)!),
      ...decisionFields(r, now),
    }
  })
}

async function reviewOf(db: Kysely<DB>, requestId: string): Promise<OnboardingReview> {
  const r = await db
    .selectFrom('onboarding_requests')
    .selectAll()
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow()
  return (await toReviews(db, [r]))[0]
}

/** The request, locked; 404 unknown, 409 decided or an address request (decided with its ship-to). */
async function lockPending(trx: Kysely<DB>, requestId: string) {
  const r = await trx
    .selectFrom('onboarding_requests')
    .selectAll()
    .where('request_id', '=', requestId)
    .forUpdate()
    .executeTakeFirst()
  if (!r) throw notFound('onboarding request', requestId)
  if (r.status !== 'PENDING') throw alreadyDecided('Onboarding request', requestId, r.status)
  if (r.kind === 'address')
    throw new ApiError(
      409,
      'CONFLICT',
      `Onboarding request ${requestId} waits on a new ship-to: decide it with POST /api/admin/ship-tos/:id/approve or /reject`,
    )
  return r
}

export function onboardingDecisionRoutes(app: FastifyInstance, db: Kysely<DB>) {
  serveEndpoint(app, accountStaffEndpoints.onboardingQueue, null, async (req) => {
    const status = req.query.status ?? 'PENDING'
    const base = db.selectFrom('onboarding_requests').where('status', '=', status)
    const { rows, ...counts } = await pageOf(base, req.query, (b) =>
      status === 'PENDING'
        ? b.selectAll().orderBy('submitted_at', 'asc').orderBy('id', 'asc')
        : b.selectAll().orderBy('decided_at', 'desc').orderBy('id', 'desc'),
    )
    return ok({ items: await toReviews(db, rows), ...counts })
  })

  serveEndpoint(app, accountStaffEndpoints.onboardingApprove, null, async (req) => {
    const requestId = req.params.id
    const staffId = req.staff!.id
    await staffWrite(
      db,
      req,
      {
        permission: 'onboarding.decide',
        action: 'onboarding.approve',
        entity: 'onboarding_request',
        entityId: requestId,
      },
      async (trx) => {
        const r = await lockPending(trx, requestId)
        const user = await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', r.user_id)
          .forUpdate()
          .executeTakeFirstOrThrow()
        if (user.registration_status !== 'Partially Registered')
          throw new ApiError(
            409,
            'CONFLICT',
            `User ${user.user_name} is already registered (${user.registration_status})`,
          )
        const number = req.body.accountNumber ?? r.account_number
        if (!number) throw new ApiError(400, 'VALIDATION_ERROR', 'body/accountNumber: the request names no account')
        const target = await trx
          .selectFrom('accounts')
          .selectAll()
          .where('account_number', '=', number)
          .executeTakeFirst()
        if (!target) throw new ApiError(400, 'VALIDATION_ERROR', `body/accountNumber: no account ${number}`)
        const now = new Date()
        await trx
          .updateTable('users')
          .set({
            account_id: target.id,
            registration_status: 'Siebel Approved',
            siebel_row_id: user.siebel_row_id ?? newSiebelRowId(),
          })
          .where('id', '=', user.id)
          .execute()
        await trx
          .updateTable('onboarding_requests')
          .set({ status: 'APPROVED', linked_account_id: target.id, ...decided(staffId, null, now) })
          .where('id', '=', r.id)
          .execute()
        const mail = await notifyBuyer(trx, {
          userId: user.id,
          ...N.registrationComplete({ accountName: target.name }),
        })
        await emitEvent(trx, 'onboarding.decided', {
          requestId,
          kind: 'link-account',
          userId: user.id,
          decision: 'APPROVED',
          registrationStatus: 'Siebel Approved',
          accountId: target.id,
          accountNumber: target.account_number,
        })
        await emitEvent(trx, 'account.changed', {
          userId: user.id,
          fromAccountId: user.account_id,
          accountId: target.id,
          accountNumber: target.account_number,
          registrationStatus: 'Siebel Approved',
        })
        return {
          before: { status: 'PENDING', accountId: user.account_id, registrationStatus: user.registration_status },
          after: { status: 'APPROVED', accountId: target.id, registrationStatus: 'Siebel Approved' },
          result: null,
          afterCommit: async () => {
            // the user's cached session (accountId, registrationStatus) is stale now
            app.invalidateUser(user.id)
            await mailNotices(app, [mail])
          },
        }
      },
    )
    return ok(await reviewOf(db, requestId))
  })

  serveEndpoint(app, accountStaffEndpoints.onboardingReject, null, async (req) => {
    const requestId = req.params.id
    const staffId = req.staff!.id
    const reason = rejectionReason(req.body.reason)
    await staffWrite(
      db,
      req,
      {
        permission: 'onboarding.decide',
        action: 'onboarding.reject',
        entity: 'onboarding_request',
        entityId: requestId,
      },
      async (trx) => {
        const r = await lockPending(trx, requestId)
        await trx
          .updateTable('onboarding_requests')
          .set({ status: 'REJECTED', ...decided(staffId, reason) })
          .where('id', '=', r.id)
          .execute()
        const mail = await notifyBuyer(trx, {
          userId: r.user_id,
          ...N.linkRejected({ accountNumber: r.account_number, reason }),
        })
        await emitEvent(trx, 'onboarding.decided', {
          requestId,
          kind: r.kind,
          userId: r.user_id,
          decision: 'REJECTED',
          reason,
        })
        return {
          before: { status: 'PENDING' },
          after: { status: 'REJECTED', reason },
          result: null,
          afterCommit: () => mailNotices(app, [mail]),
        }
      },
    )
    return ok(await reviewOf(db, requestId))
  })
}
