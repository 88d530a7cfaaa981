import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Endpoint } from '../../../types/endpoint'
import { ApiError } from '../../errors'
import { isUniqueViolation } from '../../db/errors'
import { serveEndpoint, type EndpointHandler } from '../../lib/endpoint-route'

/**
 * Shared by the account routes: messages in the request's language, ownership look-ups scoped by the
 * token's account, money and paging helpers. Every look-up here takes the caller's account id from
 * req.user (the token), never from the request.
 */

export type Lang = 'en' | 'zh'
export const langOf = (req: FastifyRequest): Lang => (req.locale.language === 'en' ? 'en' : 'zh')
/** A message in the request's language. */
import { localized as msg } from '../../locale'

export { msg }

export const forbidden = (req: FastifyRequest, en: string, zh: string) =>
  new ApiError(403, 'FORBIDDEN', msg(req, en, zh))
export const notFound = (req: FastifyRequest, en: string, zh: string) =>
  new ApiError(404, 'NOT_FOUND', msg(req, en, zh))
export const conflict = (req: FastifyRequest, en: string, zh: string) => new ApiError(409, 'CONFLICT', msg(req, en, zh))
export const invalid = (req: FastifyRequest, en: string, zh: string) =>
  new ApiError(400, 'VALIDATION_ERROR', msg(req, en, zh))

/**
 * Records a request for review: `insert` writes it; the unique index on pending requests turns a second
 * pending one into 409 CONFLICT with the `pending` message (en, zh).
 */
export async function insertForReview<T>(
  req: FastifyRequest,
  pending: readonly [string, string],
  insert: () => Promise<T>,
): Promise<T> {
  try {
    return await insert()
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(req, ...pending)
    throw e
  }
}

export const me = (req: FastifyRequest) => req.user!

/**
 * The spec's `userid` header (section 7) and any user id / user name in the request must be the
 * token's user, or the call is refused before anything is read.
 */
export function assertSelf(req: FastifyRequest, claims: { userId?: string; userName?: string } = {}) {
  const u = me(req)
  const h = req.headers.userid
  const header = Array.isArray(h) ? h[0] : h
  const wrongHeader = header !== undefined && header !== '' && header !== u.id
  if (
    wrongHeader ||
    (claims.userId !== undefined && claims.userId !== u.id) ||
    (claims.userName !== undefined && claims.userName !== u.userName)
  ) {
    throw forbidden(req, 'The user in this request is not the logged-in user', '请求中的用户与当前登录用户不一致')
  }
}

/**
 * The route of an endpoint on the caller's own account: it needs a token, and the request must not name another
 * user (assertSelf, without claims) before the handler reads anything.
 */
export function ownAccountRoute<E extends Endpoint>(app: FastifyInstance, e: E, handler: EndpointHandler<E>) {
  serveEndpoint(app, e, app.requireUser, function (req, reply) {
    assertSelf(req)
    return handler.call(this, req, reply)
  })
}

/** Account numbers of the caller's bill-tos (through the caller's ship-tos). */
export async function ownBillToNumbers(db: Kysely<DB>, accountId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('bill_tos as b')
    .innerJoin('ship_tos as s', 's.id', 'b.ship_to_id')
    .select('b.account_number')
    .where('s.account_id', '=', accountId)
    .where('b.account_number', 'is not', null)
    .execute()
  return new Set(rows.map((r) => r.account_number!))
}

/** 403 unless the bill-to belongs to the caller's account (a number that exists nowhere gets the same answer). */
export async function assertOwnBillTo(req: FastifyRequest, db: Kysely<DB>, billTo: string) {
  if (!(await ownBillToNumbers(db, me(req).accountId)).has(billTo)) {
    throw forbidden(req, 'This bill-to is not one of your account', '该收票方不属于您的账户')
  }
}

export const iso = (d: Date | string) => new Date(d).toISOString()

/** Free text the user typed: no control characters and no markup brackets (stored and shown as plain text). */
export const UNSAFE_TEXT = /[\u0000-\u001f\u007f<>]/
