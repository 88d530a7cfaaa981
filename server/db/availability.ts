import type pg from 'pg'
import type { Kysely } from 'kysely'

/**
 * Issue 22 #27-#29: the database going away (a restart, a crash, an outage) is not a bug of the request that
 * meets it. This module owns the rule for every PostgreSQL connection of the server:
 * - which errors mean "the database is unavailable" (isDbUnavailable): refused or broken connections, PostgreSQL's
 *   connection-exception class 08, admin/crash shutdown and "the database system is starting up" (57P01-57P03),
 *   too many connections (53300);
 * - every connection error has a listener (watchPool): an error raised on a checked-out client used to have none,
 *   and Node ended the process with "Unhandled 'error' event";
 * - one warning per outage, as a JSON log line (DbAvailability): the first unavailable error of an outage logs it,
 *   the first new connection after it logs that the database is back; the requests in between answer
 *   503 SERVICE_UNAVAILABLE with Retry-After (server/app.ts) and log nothing each.
 */

/** Node's socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
])
/** SQLSTATEs: class 08 connection exception; 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now; 53300 too_many_connections */
const SQLSTATE_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/
/** node-postgres's own messages for a connection that broke or never came */
const PG_MESSAGES =
  /^Connection terminated|is not queryable|timeout exceeded when trying to connect|^the database system is (starting up|shutting down|in recovery mode)|^terminating connection due to/i

export function isDbUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown }
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SQLSTATE_UNAVAILABLE.test(e.code))) return true
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true
  // AggregateError of a connect tried on several addresses (localhost: ::1 and 127.0.0.1)
  if (Array.isArray(e.errors) && e.errors.some((x) => isDbUnavailable(x, depth + 1))) return true
  return e.cause !== undefined && isDbUnavailable(e.cause, depth + 1)
}

export interface DbLog {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

/** pino's line shape (level 40 warn, 30 info) until an app attaches its logger: JSON only, never plain text. */
const jsonLine = (level: number) => (obj: object, msg: string) => {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, ...obj, msg })}\n`)
}
export const jsonDbLog: DbLog = { warn: jsonLine(40), info: jsonLine(30) }

/** What a log line says about an error: its code and message (no stack: this is not a bug). */
export function briefError(err: unknown): { code?: string; message: string } {
  const e = err as { code?: unknown; message?: unknown; errors?: { message?: unknown }[] }
  const message =
    typeof e?.message === 'string' && e.message
      ? e.message
      : Array.isArray(e?.errors)
        ? e.errors.map((x) => String(x?.message)).join('; ')
        : String(err)
  return { ...(typeof e?.code === 'string' ? { code: e.code } : {}), message }
}

export class DbAvailability {
  private downSince: number | null = null
  private failures = 0
  private lastWarnAt = -Infinity
  private warned = false
  log: DbLog = jsonDbLog
  /**
   * An outage that ends and starts again within this many ms is the same outage for the log (a restart: the pool
   * reconnects, then a request whose connection was cut before reports late): no second warning.
   */
  quietMs = 5000

  get down(): boolean {
    return this.downSince !== null
  }

  /**
   * An error met on this database. Returns whether it is the database being unavailable; the first such error of
   * an outage logs the one warning.
   */
  report(err: unknown): boolean {
    if (!isDbUnavailable(err)) return false
    this.failures++
    if (this.downSince === null) {
      this.downSince = Date.now()
      this.warned = this.downSince - this.lastWarnAt >= this.quietMs
      if (this.warned) {
        this.lastWarnAt = this.downSince
        this.log.warn({ err: briefError(err) }, 'database unavailable: requests are answered 503 until it is back')
      }
    }
    return true
  }

  /** A connection was made: the outage, if any, is over. */
  up(): void {
    if (this.downSince === null) return
    if (this.warned)
      this.log.info({ outageMs: Date.now() - this.downSince, failures: this.failures }, 'database available again')
    this.downSince = null
    this.failures = 0
  }
}

const byDb = new WeakMap<Kysely<any>, DbAvailability>()

/** The availability of `db` (one per handle; PGlite's never goes down). */
export function dbAvailability(db: Kysely<any>): DbAvailability {
  let a = byDb.get(db)
  if (!a) byDb.set(db, (a = new DbAvailability()))
  return a
}

/**
 * Every error of `pool` and of each of its clients has a listener: idle clients (the pool's 'error'), and clients
 * checked out by a query or transaction (pg emits 'error' on the client as well as failing its query; pg-pool
 * listens only while the client is idle). A new connection ends the outage.
 */
export function watchPool(pool: pg.Pool, availability: DbAvailability, what: string): void {
  const onError = (err: Error) => {
    if (!availability.report(err))
      availability.log.warn({ err: briefError(err), pool: what }, 'database connection error')
  }
  pool.on('error', onError)
  pool.on('connect', (client) => {
    client.on('error', onError)
    availability.up()
  })
}
