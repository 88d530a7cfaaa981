import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { Config } from '../../../config'

/** What delivery needs from the configuration (WEBHOOK_*; docs/configuration.md). */
export interface WebhookSettings {
  urls: string[]
  secret: string
  maxAttempts: number
  backoffBaseMs: number
  backoffCapMs: number
  timeoutMs: number
  pollMs: number
  concurrency: number
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The webhook settings of `config`, or null when no URL is configured (events are then recorded, not sent).
 * Throws at start on a URL that is not https (http only to this machine, and never in production) or that carries
 * credentials: the signature authenticates the store to the receiver, and a URL is shown in the admin API.
 */
export function webhookSettings(config: Config): WebhookSettings | null {
  const urls = [
    ...new Set(
      (config.WEBHOOK_URLS ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    ),
  ]
  if (!urls.length) return null
  for (const raw of urls) {
    let u: URL
    try {
      u = new URL(raw)
    } catch {
      throw new Error(`Invalid configuration: WEBHOOK_URLS has a value that is not a URL (${JSON.stringify(raw)})`)
    }
    const local = LOCAL_HOSTS.has(u.hostname) && config.NODE_ENV !== 'production'
    if (u.protocol !== 'https:' && !(u.protocol === 'http:' && local))
      throw new Error(
        `Invalid configuration: WEBHOOK_URLS must be https URLs (http only to 127.0.0.1 or localhost outside production): ${u.origin}`,
      )
    if (u.username || u.password)
      throw new Error(`Invalid configuration: WEBHOOK_URLS must carry no credentials (${u.host})`)
  }
  if (!config.WEBHOOK_SECRET) throw new Error('Invalid configuration: WEBHOOK_URLS needs WEBHOOK_SECRET')
  return {
    urls,
    secret: config.WEBHOOK_SECRET,
    maxAttempts: config.WEBHOOK_MAX_ATTEMPTS,
    backoffBaseMs: config.WEBHOOK_BACKOFF_BASE_MS,
    backoffCapMs: config.WEBHOOK_BACKOFF_CAP_MS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    pollMs: config.WEBHOOK_POLL_MS,
    concurrency: config.WEBHOOK_CONCURRENCY,
  }
}

/**
 * Brings webhook_endpoints in step with the configured URLs: each active (added when new), every other one
 * inactive (new events get no delivery to it; its rows stay for the log). Only rows whose state differs are
 * written, so a start with the same configuration writes nothing. Returns the active endpoints.
 */
export async function syncEndpoints(db: Kysely<DB>, urls: string[]): Promise<{ id: number; url: string }[]> {
  return db.transaction().execute(async (trx) => {
    if (urls.length) {
      await trx
        .insertInto('webhook_endpoints')
        .values(urls.map((url) => ({ url })))
        .onConflict((oc) =>
          oc.column('url').doUpdateSet({ active: true }).where('webhook_endpoints.active', '=', false),
        )
        .execute()
    }
    let off = trx.updateTable('webhook_endpoints').set({ active: false }).where('active', '=', true)
    if (urls.length) off = off.where('url', 'not in', urls)
    await off.execute()
    return trx.selectFrom('webhook_endpoints').select(['id', 'url']).where('active', '=', true).orderBy('id').execute()
  })
}

/** The wait before try `attempts + 1` after `attempts` failed ones: base * 2^(attempts-1), capped, with jitter (50-100 %). */
export function backoffMs(
  s: Pick<WebhookSettings, 'backoffBaseMs' | 'backoffCapMs'>,
  attempts: number,
  rnd = Math.random(),
) {
  const exp = Math.min(s.backoffCapMs, s.backoffBaseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)))
  return Math.round(exp * (0.5 + rnd * 0.5))
}
