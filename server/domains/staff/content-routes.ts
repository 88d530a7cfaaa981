import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { AnswerOf, BodyOf, Endpoint, QueryOf } from '../../../types/endpoint'
import type { Permission } from '../../../types/staff/permissions'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { staffWrite } from './audit'

/**
 * The routes of a kind of content staff schedule (issue 24: "create, schedule, change, end, with the same
 * validation the storefront relies on"), from its entries (types/staff/content-endpoints.ts): the list, one item,
 * create, change and end. Every write is one staffWrite under the entries' permission, audited as
 * `<action>.create`, `.change` and `.end` on `entity`, its before and after the item as staff read it: the change and
 * its entry commit together, and the kind's own functions lock the item (two staff ending one at once: one 200, one
 * 409). What differs from kind to kind (its table, rules and refusals) is the kind's.
 */

/** the entries a kind serves (one item is read only where its table names that entry) */
interface Served {
  list: Endpoint
  get?: Endpoint
  create: Endpoint & { permission: Permission }
  change: Endpoint
  end: Endpoint
}

/** an item before a change or an end and after it, as staff read it (the audit entry's before and after) */
type Edit<E extends Served> = { before: AnswerOf<E['create']>; after: AnswerOf<E['create']> }

export interface ContentKind<E extends Served> {
  endpoints: E
  /** the audit entries' action prefix ('promotion': promotion.create ...) and entity ('promotion') */
  action: string
  entity: string
  list: (db: Kysely<DB>, q: QueryOf<E['list']>) => Promise<AnswerOf<E['list']>>
  /** one item by the key its path names */
  get?: (db: Kysely<DB>, key: string) => Promise<AnswerOf<E['create']>>
  create: (trx: Transaction<DB>, req: FastifyRequest, body: BodyOf<E['create']>) => Promise<AnswerOf<E['create']>>
  change: (trx: Transaction<DB>, req: FastifyRequest, key: string, body: BodyOf<E['change']>) => Promise<Edit<E>>
  end: (trx: Transaction<DB>, req: FastifyRequest, key: string) => Promise<Edit<E>>
  /** the audit entry's id of a created item (its `id` unless said) */
  keyOf?: (item: AnswerOf<E['create']>) => string
  /** the audit entry's id of the item a path names (as named unless said) */
  auditKey?: (key: string) => string
  /** run once a change or an end has committed (a copy of the item held elsewhere) */
  changed?: (key: string) => Promise<void>
}

export function serveContent<E extends Served>(app: FastifyInstance, db: Kysely<DB>, kind: ContentKind<E>): void {
  const e: Served = kind.endpoints
  const permission = e.create.permission
  const keyOf = kind.keyOf ?? ((item) => String((item as { id: unknown }).id))
  const auditKey = kind.auditKey ?? ((key) => key)
  // the parameter that names one item in the paths (:id, :code)
  const param = /:(\w+)/.exec(e.change.path)![1]
  const keyIn = (req: FastifyRequest) => (req.params as Record<string, string>)[param]

  /** `edit` is the item before (null: created here) and after; a created item's entry is named once it exists */
  const write = (
    req: FastifyRequest,
    verb: 'create' | 'change' | 'end',
    key: string | null,
    edit: (trx: Transaction<DB>) => Promise<{ before: AnswerOf<E['create']> | null; after: AnswerOf<E['create']> }>,
  ) =>
    staffWrite(
      db,
      req,
      {
        permission,
        action: `${kind.action}.${verb}`,
        entity: kind.entity,
        entityId: key === null ? null : auditKey(key),
      },
      async (trx) => {
        const { before, after } = await edit(trx)
        const changed = kind.changed
        return {
          before,
          after,
          result: after,
          ...(key === null ? { entityId: keyOf(after) } : {}),
          ...(key !== null && changed ? { afterCommit: () => changed(key) } : {}),
        }
      },
    )

  serveEndpoint(app, e.list, null, async (req) => ok(await kind.list(db, req.query as QueryOf<E['list']>)))
  const get = kind.get
  if (e.get && get) serveEndpoint(app, e.get, null, async (req) => ok(await get(db, keyIn(req))))
  serveEndpoint(app, e.create, null, async (req) =>
    ok(
      await write(req, 'create', null, async (trx) => ({
        before: null,
        after: await kind.create(trx, req, req.body as BodyOf<E['create']>),
      })),
    ),
  )
  serveEndpoint(app, e.change, null, async (req) =>
    ok(
      await write(req, 'change', keyIn(req), (trx) =>
        kind.change(trx, req, keyIn(req), req.body as BodyOf<E['change']>),
      ),
    ),
  )
  serveEndpoint(app, e.end, null, async (req) =>
    ok(await write(req, 'end', keyIn(req), (trx) => kind.end(trx, req, keyIn(req)))),
  )
}
