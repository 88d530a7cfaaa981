import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Ajv2020 } from 'ajv/dist/2020'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import { DEMO_USER_NAMES } from '../../server/db/seed'
import { DB_KINDS, openTestDb, closeTestDb, tokenFor, type TestContext } from './helpers'
import { startLoginServer, type LoginServer } from './auth-helpers'
import type { DbHandle } from '../../server/db'
import { requestFor, type FuzzRequest, type JsonSchema, type Operation, type Pools } from './fuzz-requests'

/**
 * Bad input never gets a 5xx. Every operation of /api/openapi.json gets generated requests (fast-check,
 * fixed seed): bodies, queries and path parameters mostly shaped like the schema, with NUL characters,
 * unpaired surrogates, long and odd strings, wrong types, unknown keys, broken encodings and JSON,
 * wrong media types, with tokens of the seeded users (so account handlers run), bad tokens or none.
 * Every answer must be below 500; every 4xx a JSON error envelope; every 2xx JSON answer must match
 * the response schema the document declares for it.
 *
 * FUZZ_SEED, FUZZ_REQUESTS (per database) and FUZZ_BUDGET_MS (per database) override the defaults.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20260808)
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10000)
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 80_000)
const CONCURRENCY = 4

interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, Operation & { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>
  >
}

const one = async <T>(db: Kysely<DB>, q: string): Promise<T[]> =>
  (await sql.raw<Record<string, T>>(q).execute(db)).rows.map((r) => Object.values(r)[0])

for (const dbKind of DB_KINDS)
  describe(`[${dbKind}] fuzz: generated bad requests to every /api operation`, () => {
    // a listening server: the WeChat and OpenID stand-ins are reached over real HTTP, as in production
    let handle: DbHandle
    let server: LoginServer
    before(async () => {
      handle = await openTestDb(dbKind)
      server = await startLoginServer(handle.db)
    })
    after(async () => {
      await server?.close()
      if (handle) await closeTestDb(handle)
    })
    const ctx = (): TestContext => ({ kind: dbKind, app: server.app, db: handle.db })

    it(
      `no 5xx, JSON error bodies on 4xx, documented shapes on 2xx (seed ${SEED})`,
      { timeout: BUDGET_MS + 60_000 },
      async () => {
        const { app, db, kind } = ctx()
        const doc = (await app.inject('/api/openapi.json')).json() as OpenApiDoc

        // realistic values, so that many requests get past validation and into the handlers
        const real = [
          ...(await one<string>(db, 'select catalog_number from products order by id limit 8')),
          ...(await one<string>(db, 'select id from promotions order by id limit 3')),
          ...(await one<number>(db, 'select id from content_items order by id limit 3')).map(String),
          ...(await one<string>(db, 'select address_key from ship_tos order by id limit 6')),
          ...(await one<string>(
            db,
            'select distinct account_number from bill_tos where account_number is not null limit 6',
          )),
          ...(await one<string>(db, 'select supply_center_id from supply_center_options limit 3')),
          ...(await one<string>(db, 'select id from notifications order by id limit 3')),
          ...(await one<number>(db, 'select id from product_documents order by id limit 2')).map(String),
          ...(await one<string>(db, 'select id from users order by id limit 4')),
          ...(await one<string>(db, 'select code from persona_options limit 4')),
          ...(await one<string>(db, 'select id from flash_sales order by id limit 4')),
          ...DEMO_USER_NAMES,
          '1',
          '2',
          'cn',
          'in',
          'mobility',
          'product',
          'content',
          'Products',
          'standin:oStandin-approved-cn',
        ]
        const pools: Pools = { real }
        const tokens = {
          users: await Promise.all(
            DEMO_USER_NAMES.map(async (name) => {
              const u = await db
                .selectFrom('users')
                .select(['id', 'account_id'])
                .where('user_name', '=', name)
                .executeTakeFirstOrThrow()
              const own = [
                ...(await one<string>(
                  db,
                  `select address_key from ship_tos where account_id = ${Number(u.account_id)}`,
                )),
                ...(await one<string>(
                  db,
                  `select b.account_number from bill_tos b join ship_tos s on s.id = b.ship_to_id where s.account_id = ${Number(u.account_id)} and b.account_number is not null`,
                )),
              ]
              const self = { userId: u.id, userid: u.id, username: name, userName: name, loginName: name, opUser: name }
              return { token: await tokenFor(ctx(), name), self, own: own.length ? own : [name] }
            }),
          ),
          expired: await tokenFor(ctx(), DEMO_USER_NAMES[0], {
            ttlSeconds: 60,
            nowSeconds: Math.floor(Date.now() / 1000) - 3600,
          }),
        }

        const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false })
        const ops: (Operation & { check2xx?: (v: unknown) => boolean })[] = []
        for (const [path, methods] of Object.entries(doc.paths)) {
          for (const [method, op] of Object.entries(methods)) {
            const schema = op.responses?.['200']?.content?.['application/json']?.schema
            ops.push({ ...op, method: method.toUpperCase(), path, check2xx: schema ? ajv.compile(schema) : undefined })
          }
        }
        assert.ok(ops.length >= 60, `the document lists ${ops.length} operations`)

        // the same requests every run: one fixed seed per operation, interleaved so a time cap still covers all
        const perOp = Math.ceil(REQUESTS / ops.length)
        const queues = ops.map((op, i) =>
          fc.sample(requestFor(op, pools, tokens), { seed: SEED + i, numRuns: perOp }).map((req) => ({ op, req })),
        )
        const work: { op: (typeof ops)[number]; req: FuzzRequest }[] = []
        for (let k = 0; k < perOp; k++) for (const q of queues) if (q[k]) work.push(q[k])

        const statuses: Record<number, number> = {}
        const failures: string[] = []
        const reached = new Set<string>()
        let sent = 0
        let next = 0
        const started = Date.now()
        const kinds: Record<string, number> = {}
        const fail = (what: string, op: Operation, req: FuzzRequest, status: number, body: string) => {
          const k = what.split(' (')[0]
          kinds[k] = (kinds[k] ?? 0) + 1
          if (failures.length < 2000)
            failures.push(
              `${what}: ${op.method} ${op.path} → ${status} ${body.slice(0, 200)}\n    request ${JSON.stringify(req).slice(0, 400)}`,
            )
        }
        async function worker() {
          while (next < work.length && Date.now() - started < BUDGET_MS) {
            const { op, req } = work[next++]
            const res = await app.inject({
              method: req.method as 'GET',
              url: req.url,
              headers: req.headers,
              payload: req.payload,
            })
            sent++
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
            if (res.statusCode >= 500) {
              fail('5xx', op, req, res.statusCode, res.body)
              continue
            }
            const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json')
            if (res.statusCode >= 400) {
              let body: { success?: unknown; code?: unknown; message?: unknown; statusCode?: unknown } | null = null
              try {
                body = isJson ? res.json() : null
              } catch {
                body = null
              }
              if (
                !body ||
                body.success !== false ||
                typeof body.code !== 'string' ||
                typeof body.message !== 'string' ||
                !body.message ||
                body.statusCode !== res.statusCode
              ) {
                fail('4xx without the JSON error envelope', op, req, res.statusCode, res.body)
              }
            } else if (res.statusCode < 300 && isJson) {
              reached.add(`${op.method} ${op.path}`)
              if (op.check2xx && !op.check2xx(res.json())) {
                fail(
                  `2xx not matching the documented schema (${JSON.stringify((op.check2xx as unknown as { errors: unknown }).errors).slice(0, 300)})`,
                  op,
                  req,
                  res.statusCode,
                  res.body,
                )
              }
            } else if (res.statusCode < 400) {
              reached.add(`${op.method} ${op.path}`)
            }
          }
        }
        await Promise.all(Array.from({ length: CONCURRENCY }, worker))
        const secs = ((Date.now() - started) / 1000).toFixed(1)
        const fivexx = Object.entries(statuses)
          .filter(([s]) => Number(s) >= 500)
          .reduce((n, [, c]) => n + c, 0)
        console.log(
          `[${kind}] fuzz seed=${SEED}: ${sent} requests over ${ops.length} operations in ${secs} s; 5xx=${fivexx}; ` +
            `operations answered 2xx/3xx at least once: ${reached.size}; statuses ${JSON.stringify(statuses)}; failures ${JSON.stringify(kinds)}`,
        )
        const unreached = ops.map((o) => `${o.method} ${o.path}`).filter((k) => !reached.has(k))
        if (unreached.length) console.log(`[${kind}] operations that answered only 4xx: ${unreached.join(', ')}`)
        if (failures.length)
          console.log(
            [...failures.filter((f) => f.startsWith('5xx')), ...failures.filter((f) => !f.startsWith('5xx'))]
              .slice(0, 40)
              .join('\n'),
          )
        assert.equal(failures.length, 0, `${failures.length} failures (first above); reproduce with FUZZ_SEED=${SEED}`)
        assert.ok(sent >= Math.min(REQUESTS, 2500), `only ${sent} requests were sent within ${BUDGET_MS} ms`)
      },
    )
  })
