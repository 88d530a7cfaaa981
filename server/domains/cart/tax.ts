import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

/**
 * Order tax, server configuration per country (spec §6: "Country-specific feature flags (for example
 * order tax) come from a server configuration"; §9: "Tax rates and surcharge amounts are not shown").
 * Rates in basis points: ORDER_TAX_RATE_CN (default 1300 = 13 % VAT on goods in China) and
 * ORDER_TAX_RATE_IN (default 1800 = 18 % GST, the common rate for lab supplies in India). Tax is
 * charged only where the sys_config flag ENABLE_ORDER_TAX is '1' for the country (seed: cn on, in off).
 * The flag is read at most once per 30 s per country.
 */
export const TAX_RATE_BASIS_POINTS: Record<'cn' | 'in', number> = {
  cn: rate(process.env.ORDER_TAX_RATE_CN, 1300),
  in: rate(process.env.ORDER_TAX_RATE_IN, 1800),
}

function rate(v: string | undefined, fallback: number): number {
  const n = Number(v)
  return v !== undefined && Number.isInteger(n) && n >= 0 && n <= 10000 ? n : fallback
}

const FLAG_TTL_MS = 30_000
const flags = new WeakMap<Kysely<DB>, Map<string, { at: number; on: Promise<boolean> }>>()

async function taxFlag(db: Kysely<DB>, country: 'cn' | 'in'): Promise<boolean> {
  let m = flags.get(db)
  if (!m) flags.set(db, (m = new Map()))
  const hit = m.get(country)
  if (hit && Date.now() - hit.at < FLAG_TTL_MS) return hit.on
  const on = db
    .selectFrom('sys_config')
    .select('dict_value')
    .where('country_code', '=', country)
    .where('parent_type', '=', 'GLOBAL_SYS_INIT_CONFIG')
    .where('dict_key', '=', 'ENABLE_ORDER_TAX')
    .executeTakeFirst()
    .then((r) => r?.dict_value === '1')
  m.set(country, { at: Date.now(), on })
  on.catch(() => m!.delete(country))
  return on
}

/** The rate to charge, or null when ENABLE_ORDER_TAX is off for the country. */
export async function taxRateFor(db: Kysely<DB>, country: 'cn' | 'in'): Promise<number | null> {
  return (await taxFlag(db, country)) ? TAX_RATE_BASIS_POINTS[country] : null
}
