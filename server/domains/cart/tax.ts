import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { DB } from '../../db/schema'
import { loadConfig } from '../../config'

/**
 * Order tax, server configuration per country (spec §6: "Country-specific feature flags (for example
 * order tax) come from a server configuration"; §9: "Tax rates and surcharge amounts are not shown").
 * Rates in basis points: ORDER_TAX_RATE_CN (default 1300 = 13 % VAT on goods in China) and
 * ORDER_TAX_RATE_IN (default 1800 = 18 % GST, the common rate for lab supplies in India). Tax is
 * charged only where the sys_config flag ENABLE_ORDER_TAX is '1' for the country (seed: cn on, in off).
 * The flag is read at most once per 30 s per country. The rates are read once, when this module loads.
 */
const { ORDER_TAX_RATE_CN, ORDER_TAX_RATE_IN } = loadConfig()
export const TAX_RATE_BASIS_POINTS: Record<'cn' | 'in', number> = { cn: ORDER_TAX_RATE_CN, in: ORDER_TAX_RATE_IN }

const FLAG_TTL_MS = 30_000
/** per database, one entry per country: the flag's read (a promise, so concurrent misses share it) */
const flags = new WeakMap<Kysely<DB>, LRUCache<string, Promise<boolean>>>()

async function taxFlag(db: Kysely<DB>, country: 'cn' | 'in'): Promise<boolean> {
  let m = flags.get(db)
  if (!m) flags.set(db, (m = new LRUCache({ max: 2, ttl: FLAG_TTL_MS })))
  const hit = m.get(country)
  if (hit) return hit
  const on = db
    .selectFrom('sys_config')
    .select('dict_value')
    .where('country_code', '=', country)
    .where('parent_type', '=', 'GLOBAL_SYS_INIT_CONFIG')
    .where('dict_key', '=', 'ENABLE_ORDER_TAX')
    .executeTakeFirst()
    .then((r) => r?.dict_value === '1')
  m.set(country, on)
  // a failed read is not kept: the next request reads again
  on.catch(() => {
    if (m!.peek(country) === on) m!.delete(country)
  })
  return on
}

/** The rate to charge, or null when ENABLE_ORDER_TAX is off for the country. */
export async function taxRateFor(db: Kysely<DB>, country: 'cn' | 'in'): Promise<number | null> {
  return (await taxFlag(db, country)) ? TAX_RATE_BASIS_POINTS[country] : null
}
