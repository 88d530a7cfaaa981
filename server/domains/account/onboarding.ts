import type { FastifyInstance } from 'fastify'
import type { Kysely, Selectable } from 'kysely'
import type { DB } from '../../db/schema'
import type { OnboardingRequestTable } from '../../db/schema-account'
import type { OnboardingRequest } from '../../../types'
import { ok } from '../../errors'
import { conflict, insertForReview, invalid, iso, me, ownAccountRoute, UNSAFE_TEXT } from './common'
import { addBusinessDays, REVIEW_BUSINESS_DAYS } from './business-days'
import { accountEndpoints } from '../../../types/account/endpoints'
import { emitEvent } from '../platform'

const toRequest = (r: Selectable<OnboardingRequestTable>): OnboardingRequest => ({
  requestId: r.request_id,
  kind: r.kind,
  status: r.status,
  submittedAt: iso(r.submitted_at),
  reviewDueBy: iso(r.review_due_by),
  decisionReason: r.decision_reason,
})

const PENDING_MESSAGE: [string, string] = [
  'A request to link an organisation account is already under review (up to 3 business days)',
  '关联机构账户的申请正在审核中（最多 3 个工作日）',
]

/**
 * The Partially Registered path (spec sections 1 and 6: "asked to add an address or link an
 * organisation account"). A link request is only recorded for review: nothing is linked here, and
 * the answer never says whether the account number exists.
 */
export async function onboardingRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  ownAccountRoute(app, accountEndpoints.linkAccount, async (req) => {
    const u = me(req)
    if (u.registrationStatus !== 'Partially Registered') {
      throw conflict(
        req,
        'Your registration is already complete: your account is linked to an organisation',
        '您的注册已完成，账户已关联机构',
      )
    }
    const company = req.body.companyOrInstitution.trim()
    const zip = req.body.zipCode.trim()
    if (!company)
      throw invalid(
        req,
        'body/companyOrInstitution: Company or institution is a required field',
        'body/companyOrInstitution：公司或机构为必填项',
      )
    if (!zip) throw invalid(req, 'body/zipCode: Zip code is a required field', 'body/zipCode：邮政编码为必填项')
    if (UNSAFE_TEXT.test(company) || UNSAFE_TEXT.test(zip)) {
      throw invalid(req, 'body: text must not contain control characters, < or >', 'body：文本不能包含控制字符、< 或 >')
    }
    const now = new Date()
    // the request and its event commit together (the ERP hears of every request staff will decide)
    const row = await insertForReview(req, PENDING_MESSAGE, () =>
      db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('onboarding_requests')
          .values({
            user_id: u.id,
            kind: 'link-account',
            status: 'PENDING',
            account_number: req.body.accountNumber,
            company_or_institution: company,
            zip_code: zip,
            submitted_at: now,
            // spec section 9: "Approvals: up to 3 business days."
            review_due_by: addBusinessDays(now, REVIEW_BUSINESS_DAYS.linkAccount, u.country),
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        await emitEvent(trx, 'onboarding.requested', {
          requestId: r.request_id,
          kind: 'link-account',
          userId: u.id,
          accountNumber: r.account_number,
          companyOrInstitution: company,
          zipCode: zip,
        })
        return r
      }),
    )
    return ok(toRequest(row))
  })

  ownAccountRoute(app, accountEndpoints.onboardingStatus, async (req) => {
    const u = await db
      .selectFrom('users')
      .select('registration_status')
      .where('id', '=', me(req).id)
      .executeTakeFirstOrThrow()
    const rows = await db
      .selectFrom('onboarding_requests')
      .selectAll()
      .where('user_id', '=', me(req).id)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .execute()
    return ok({ registrationStatus: u.registration_status, requests: rows.map(toRequest) })
  })
}
