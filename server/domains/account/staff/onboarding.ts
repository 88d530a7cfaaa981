import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../../db/schema'
import type { OnboardingRequestTable } from '../../../db/schema-account'
import { ApiError, ok } from '../../../errors'
import { serveEndpoint } from '../../../lib/endpoint-route'
import { accountStaffEndpoints, type OnboardingReview } from '../../../../types/account/staff-endpoints'
import { accountRef, accountsById, decisionFields, userRef, usersById } from './common'
import { decideRequest, queueOf, reviewOf, type RequestKind } from './decide'
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

/**
 * An onboarding request, named by its request id, the oldest first. An 'address' request is decided with its ship-to
 * (409 naming that route).
 */
const ONBOARDING_REQUESTS: RequestKind<'onboarding_requests', object, OnboardingReview> = {
  table: 'onboarding_requests',
  key: 'request_id',
  label: 'onboarding request',
  pendingOrder: 'submitted_at',
  permission: 'onboarding.decide',
  entity: 'onboarding_request',
  lockMore: async (_trx, r) => {
    if (r.kind === 'address')
      throw new ApiError(
        409,
        'CONFLICT',
        `Onboarding request ${r.request_id} waits on a new ship-to: decide it with POST /api/admin/ship-tos/:id/approve or /reject`,
      )
    return {}
  },
  toReviews,
}

export function onboardingDecisionRoutes(app: FastifyInstance, db: Kysely<DB>) {
  serveEndpoint(app, accountStaffEndpoints.onboardingQueue, null, async (req) =>
    ok(await queueOf(db, ONBOARDING_REQUESTS, req.query)),
  )

  serveEndpoint(app, accountStaffEndpoints.onboardingApprove, null, async (req) => {
    const requestId = req.params.id
    await decideRequest(app, db, req, {
      kind: ONBOARDING_REQUESTS,
      id: requestId,
      action: 'onboarding.approve',
      verdict: { status: 'APPROVED' },
      decide: async (trx, { row: r }) => {
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
        await trx
          .updateTable('users')
          .set({
            account_id: target.id,
            registration_status: 'Siebel Approved',
            siebel_row_id: user.siebel_row_id ?? newSiebelRowId(),
          })
          .where('id', '=', user.id)
          .execute()
        return {
          columns: { linked_account_id: target.id },
          notices: [{ userId: user.id, ...N.registrationComplete({ accountName: target.name }) }],
          events: [
            {
              type: 'onboarding.decided',
              data: {
                requestId,
                kind: 'link-account',
                userId: user.id,
                decision: 'APPROVED',
                registrationStatus: 'Siebel Approved',
                accountId: target.id,
                accountNumber: target.account_number,
              },
            },
            {
              type: 'account.changed',
              data: {
                userId: user.id,
                fromAccountId: user.account_id,
                accountId: target.id,
                accountNumber: target.account_number,
                registrationStatus: 'Siebel Approved',
              },
            },
          ],
          before: { status: 'PENDING', accountId: user.account_id, registrationStatus: user.registration_status },
          after: { status: 'APPROVED', accountId: target.id, registrationStatus: 'Siebel Approved' },
          // the user's cached session (accountId, registrationStatus) is stale now
          staleUsers: [user.id],
        }
      },
    })
    return ok(await reviewOf(db, ONBOARDING_REQUESTS, requestId))
  })

  serveEndpoint(app, accountStaffEndpoints.onboardingReject, null, async (req) => {
    const requestId = req.params.id
    await decideRequest(app, db, req, {
      kind: ONBOARDING_REQUESTS,
      id: requestId,
      action: 'onboarding.reject',
      verdict: { status: 'REJECTED', reason: req.body.reason },
      decide: async (_trx, { row: r }, { reason }) => ({
        notices: [{ userId: r.user_id, ...N.linkRejected({ accountNumber: r.account_number, reason }) }],
        events: [
          {
            type: 'onboarding.decided',
            data: { requestId, kind: r.kind, userId: r.user_id, decision: 'REJECTED', reason },
          },
        ],
        before: { status: 'PENDING' },
        after: { status: 'REJECTED', reason },
      }),
    })
    return ok(await reviewOf(db, ONBOARDING_REQUESTS, requestId))
  })
}
