import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import net from 'node:net'
import { sql } from 'kysely'
import { buildApp } from '../../server/app'
import { createPostgresDb } from '../../server/db'
import { dbAvailability, isDbUnavailable } from '../../server/db/availability'
import {
  POSTGRES_URL,
  TEST_JWT_SECRET,
  createTempPostgresDb,
  describeEachDb,
  dropTempPostgresDb,
  withAdmin,
  withDatabase,
} from './helpers'

/**
 * Issue 22 "The database goes away" at the lowest layer (the whole server against a PostgreSQL that restarts,
 * crashes and stops: tests/dbfault/):
 * #27 "An error raised on a checked-out pool connection has no listener. Every connection error must be handled."
 * #28 "answer /api/health 503 until the database is there."
 * #29 "Answer 503 SERVICE_UNAVAILABLE with Retry-After, one warning per outage, JSON only."
 */

class PgLikeError extends Error {
  constructor(
    message: string,
    public code?: string,
  ) {
    super(message)
  }
}

describe('isDbUnavailable: which errors mean the database is not there (server/db/availability.ts)', () => {
  it('refused, reset or cut connections, PostgreSQL shutting down or starting up: unavailable', () => {
    for (const e of [
      new PgLikeError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new PgLikeError('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('Client has encountered a connection error and is not queryable'),
      new PgLikeError('terminating connection due to administrator command', '57P01'),
      new PgLikeError('the database system is starting up', '57P03'),
      new PgLikeError('the database system is shutting down', '57P03'),
      new PgLikeError('connection failure', '08006'),
      new PgLikeError('sorry, too many clients already', '53300'),
      Object.assign(
        new AggregateError([
          new PgLikeError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'),
          new PgLikeError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
        ]),
        { message: '' },
      ),
    ])
      assert.equal(isDbUnavailable(e), true, `${e.message} (${(e as PgLikeError).code})`)
  })
  it("a query's own errors, a bug, or an answer of ours: not unavailable (they stay 4xx/500)", () => {
    for (const e of [
      new PgLikeError('duplicate key value violates unique constraint', '23505'),
      new PgLikeError('syntax error at or near "selec"', '42601'),
      new PgLikeError('deadlock detected', '40P01'),
      new PgLikeError('canceling statement due to statement timeout', '57014'),
      new TypeError('Cannot read properties of undefined'),
      new PgLikeError('Route not found', 'NOT_FOUND'),
      null,
      undefined,
      'ECONNREFUSED',
    ])
      assert.equal(isDbUnavailable(e), false, String((e as Error | null)?.message ?? e))
  })
})

/** Log lines (JSON) of an app, to see what it says. */
function logSink(level = 'warn') {
  const lines: { level: number; msg: string }[] = []
  return {
    lines,
    logger: {
      level,
      stream: {
        write: (s: string) => {
          lines.push(JSON.parse(s))
        },
      },
    },
  }
}

describeEachDb(
  'the database unavailable: 503 SERVICE_UNAVAILABLE with Retry-After, one warning per outage (issue 22 #29)',
  (ctx) => {
    it("a route meeting a refused connection answers 503 with Retry-After in the request's language, logs one warning and no error; a bug stays 500", async () => {
      const log = logSink('info')
      const app = buildApp({ db: ctx().db, jwtSecret: TEST_JWT_SECRET, logger: log.logger })
      app.get('/api/__test/db-down', async () => {
        throw new PgLikeError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')
      })
      app.get('/api/__test/bug', async () => {
        throw new TypeError('a bug')
      })
      await app.ready()
      try {
        const answers = []
        for (let i = 0; i < 5; i++)
          answers.push(await app.inject({ url: '/api/__test/db-down', headers: { languagecode: i % 2 ? 'cn' : 'en' } }))
        for (const r of answers) {
          assert.equal(r.statusCode, 503, r.body)
          assert.equal(r.json().code, 'SERVICE_UNAVAILABLE')
          assert.equal(r.json().success, false)
          assert.ok(Number(r.headers['retry-after']) > 0, `Retry-After ${r.headers['retry-after']}`)
        }
        assert.match(answers[0].json().message, /temporarily unavailable/)
        assert.match(answers[1].json().message, /服务暂时不可用/)
        const warnings = log.lines.filter((l) => l.level === 40 && /database unavailable/.test(l.msg))
        assert.equal(warnings.length, 1, 'one warning for the outage, not one per request')
        assert.deepEqual(
          log.lines.filter((l) => l.level >= 50),
          [],
          'no ERROR entry (no stack): a missing database is not a bug',
        )
        // the outage ends with the next connection; a failure at once after it is the same outage (a restart), and
        // a later outage warns again
        const availability = dbAvailability(ctx().db)
        const unavailableWarnings = () =>
          log.lines.filter((l) => l.level === 40 && /database unavailable/.test(l.msg)).length
        availability.up()
        assert.ok(log.lines.some((l) => l.level === 30 && /database available again/.test(l.msg)))
        await app.inject({ url: '/api/__test/db-down' })
        assert.equal(unavailableWarnings(), 1, 'within quietMs of the last warning: the same outage')
        availability.up()
        availability.quietMs = 0 // as if that were long ago
        await app.inject({ url: '/api/__test/db-down' })
        assert.equal(unavailableWarnings(), 2, 'a new outage warns again')
        availability.up()
        availability.quietMs = 5000

        const bug = await app.inject({ url: '/api/__test/bug' })
        assert.equal(bug.statusCode, 500)
        assert.equal(bug.json().code, 'INTERNAL_ERROR')
      } finally {
        await app.close()
      }
    })

    it('#28: while the instance waits for its database at start, every request (/api/health included) is 503 with Retry-After; then 200', async () => {
      const app = buildApp({ db: ctx().db, jwtSecret: TEST_JWT_SECRET })
      await app.ready()
      try {
        app.lifecycle.starting = true
        for (const url of ['/api/health', '/api/product/list', '/api/sys/dict/config']) {
          const r = await app.inject({ url, headers: { languagecode: 'en' } })
          assert.equal(r.statusCode, 503, url)
          assert.equal(r.json().code, 'SERVICE_UNAVAILABLE', url)
          assert.ok(Number(r.headers['retry-after']) > 0, url)
        }
        app.lifecycle.starting = false
        assert.equal((await app.inject({ url: '/api/health' })).statusCode, 200)
      } finally {
        await app.close()
      }
    })
  },
)

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

describe('the PostgreSQL pool: every connection error has a listener (issue 22 #27)', () => {
  it('no database at the address: a query fails with an error classified unavailable, and the process lives on', async () => {
    const h = createPostgresDb(`postgres://postgres@127.0.0.1:${await closedPort()}/none`)
    dbAvailability(h.db).log = { warn: () => {}, info: () => {} }
    try {
      const err = await sql`select 1`.execute(h.db).then(
        () => null,
        (e: unknown) => e,
      )
      assert.ok(err, 'the query failed')
      assert.equal(isDbUnavailable(err), true, String(err))
    } finally {
      await h.close()
    }
  })

  it(
    'a connection killed by the server while checked out (inside a transaction) fails its request and does not end the process',
    { skip: !POSTGRES_URL && 'PostgreSQL only (set DATABASE_URL)' },
    async () => {
      const name = await createTempPostgresDb('sf_dbdown')
      const h = createPostgresDb(withDatabase(POSTGRES_URL!, name))
      const seen: string[] = []
      dbAvailability(h.db).log = { warn: (_o, m) => seen.push(`warn ${m}`), info: (_o, m) => seen.push(`info ${m}`) }
      // without a listener on the checked-out client, pg's 'error' event ends the process (the test runner then
      // reports this file as failed with "Unhandled 'error' event")
      let uncaught: unknown = null
      const onUncaught = (e: unknown) => {
        uncaught = e
      }
      process.on('uncaughtException', onUncaught)
      try {
        const inTx = h.db.transaction().execute(async (trx) => {
          const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]
          await withAdmin((c) => c.query('select pg_terminate_backend($1)', [pid]))
          await sql`select pg_sleep(0.05)`.execute(trx)
        })
        const err = await inTx.then(
          () => null,
          (e: unknown) => e,
        )
        assert.ok(err, 'the transaction failed')
        assert.equal(isDbUnavailable(err), true, String(err))
        // pg emits the client's 'error' event before it fails the query, so by now it has been handled (or not)
        assert.equal(uncaught, null, `no uncaught error: ${String(uncaught)}`)
        assert.ok(
          seen.some((l) => /database unavailable/.test(l)),
          seen.join('; '),
        )
        // the next query gets a new connection, which ends the outage
        assert.equal((await sql<{ one: number }>`select 1 as one`.execute(h.db)).rows[0].one, 1)
        assert.equal(dbAvailability(h.db).down, false)
        assert.ok(
          seen.some((l) => /available again/.test(l)),
          seen.join('; '),
        )
      } finally {
        process.off('uncaughtException', onUncaught)
        await h.close()
        await dropTempPostgresDb(name)
      }
    },
  )
})
