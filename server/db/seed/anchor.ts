import { loadConfig, type Config } from '../../config'

/**
 * Dates of content, promotions and special columns are laid out relative to this anchor: the start of the
 * UTC day the seed runs (or SEED_DATE=YYYY-MM-DD). Everything else is fixed by ctx.seed, so the same
 * day and seed give the same rows, and a freshly seeded store always has upcoming, active and expired
 * promotions. Statuses are computed from the dates at request time.
 */
export function marketingAnchor(now: Date = new Date(), config: Pick<Config, 'SEED_DATE'> = loadConfig()): Date {
  if (config.SEED_DATE) return new Date(`${config.SEED_DATE}T00:00:00Z`)
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}
