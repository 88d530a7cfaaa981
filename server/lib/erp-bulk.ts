import type { FastifyInstance } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { Static, TSchema } from 'typebox'
import { Compile } from 'typebox/compile'
import type { DB } from '../db/schema'
import { isUniqueViolation } from '../db/errors'
import { ApiError, ok } from '../errors'
import { requestHash } from './idempotency'
import { schemaErrorMessage, type SchemaError } from './schema-errors'
import { serveEndpoint } from './endpoint-route'
import { erpEndpoints, erpRowSchemas, type ErpBulkAnswer, type ErpRowResult } from '../../types/platform/erp'

/**
 * One inbound ERP bulk route (issue 24: "Each call is idempotent by the sender's id; bulk calls take up to 1,000
 * rows and answer per row"). Rows are handled in the order sent, each in its own transaction:
 *
 * 1. checked against the row schema (types/platform/erp.ts): a bad row gets 400 with every failing field named;
 * 2. looked up by (route, sender's id): the same content again gets the stored answer (`replayed: true`) and
 *    changes nothing; other content under the same id gets 409 ID_REUSED;
 * 3. otherwise the handler runs, and its answer is stored under the id in the same transaction (the primary key
 *    is the claim: a concurrent copy of the row waits, then replays). A refused row (RowRefusal, ApiError) stores
 *    nothing, so the ERP can correct it and send it again with the same id.
 *
 * `afterCommit` of a handler (e.g. emails to buyers) runs once its row has committed; `afterCall` once per call.
 */

/** A row the handler refuses: its status (400, 404, 409...), a code and a message for the ERP's log. */
export class RowRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'RowRefusal'
  }
}

export interface RowDone {
  result: unknown
  afterCommit?: () => Promise<void>
  /**
   * Work the call's rows share, run once after its last row and before the answer (e.g. rebuilding the search index
   * for 1,000 product rows once, not 1,000 times): rows that return the same function have it run once.
   */
  afterCall?: () => Promise<void>
}

type Key = keyof typeof erpEndpoints
type RowOf<K extends Key> = Static<(typeof erpRowSchemas)[K]>

export interface RowContext {
  clientId: string
  app: FastifyInstance
}

const checkers = new Map<Key, ReturnType<typeof Compile<TSchema>>>()
const checkerOf = (key: Key) => {
  let c = checkers.get(key)
  if (!c) checkers.set(key, (c = Compile(erpRowSchemas[key] as TSchema)))
  return c
}

export function serveBulk<K extends Key>(
  app: FastifyInstance,
  db: Kysely<DB>,
  key: K,
  handle: (trx: Transaction<DB>, row: RowOf<K>, ctx: RowContext) => Promise<RowDone>,
): void {
  // every bulk entry has the same shape (types/platform/erp.ts `bulk`); only its path and scope differ
  const entry = erpEndpoints[key] as (typeof erpEndpoints)['erpOrderStatus']
  serveEndpoint(app, entry, null, async (req) => {
    const clientId = req.integration!.clientId
    const results: ErpRowResult[] = []
    const afterCall = new Set<() => Promise<void>>()
    for (const [i, raw] of req.body.rows.entries()) {
      results.push(await oneRow(i, raw))
    }
    for (const run of afterCall) await run()
    const accepted = results.filter((r) => r.ok).length
    const answer: ErpBulkAnswer = { accepted, refused: results.length - accepted, results }
    return ok(answer)

    async function oneRow(i: number, raw: unknown): Promise<ErpRowResult> {
      const id = typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : `#${i}`
      const check = checkerOf(key)
      if (!check.Check(raw)) {
        const errors = [...check.Errors(raw)] as unknown as SchemaError[]
        return {
          id,
          ok: false,
          status: 400,
          code: 'VALIDATION_ERROR',
          message: schemaErrorMessage(errors, `rows/${i}`, 'en'),
        }
      }
      const row = raw as RowOf<K>
      const hash = requestHash(row)
      const prior = await storedAnswer(db, key, row.id)
      if (prior) return replay(prior, hash, row.id)
      let after: (() => Promise<void>) | undefined
      let shared: (() => Promise<void>) | undefined
      try {
        const result = await db.transaction().execute(async (trx) => {
          const done = await handle(trx, row, { clientId, app })
          after = done.afterCommit
          shared = done.afterCall
          const answer: ErpRowResult = { id: row.id, ok: true, status: 200, result: done.result }
          await trx
            .insertInto('erp_inbound_rows')
            .values({
              kind: key,
              sender_id: row.id,
              client_id: clientId,
              row_hash: hash,
              answer: JSON.stringify(answer),
            })
            .execute()
          return answer
        })
        if (after) await after()
        if (shared) afterCall.add(shared)
        return result
      } catch (e) {
        if (isUniqueViolation(e)) {
          const stored = await storedAnswer(db, key, row.id)
          if (stored) return replay(stored, hash, row.id)
        }
        if (e instanceof RowRefusal)
          return { id: row.id, ok: false, status: e.status, code: e.code, message: e.message }
        if (e instanceof ApiError)
          return { id: row.id, ok: false, status: e.statusCode, code: e.code, message: e.message }
        req.log.error({ err: e, kind: key, row: row.id }, 'erp row failed')
        return { id: row.id, ok: false, status: 500, code: 'INTERNAL_ERROR', message: 'The row could not be applied' }
      }
    }
  })
}

async function storedAnswer(db: Kysely<DB>, kind: string, senderId: string) {
  return db
    .selectFrom('erp_inbound_rows')
    .select(['row_hash', 'answer'])
    .where('kind', '=', kind)
    .where('sender_id', '=', senderId)
    .executeTakeFirst()
}

function replay(stored: { row_hash: string; answer: unknown }, hash: string, id: string): ErpRowResult {
  if (stored.row_hash !== hash) {
    return { id, ok: false, status: 409, code: 'ID_REUSED', message: `The id ${id} was sent before with other content` }
  }
  return { ...(stored.answer as ErpRowResult), replayed: true }
}
