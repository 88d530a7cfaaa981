import { spawn } from 'node:child_process'
import type { Kysely } from 'kysely'
import type { DB } from '../server/db/schema'
import { orderableProducts, orderableInStock } from '../tests/support/orderable-products'

/**
 * What every bench's entry point shares: it runs `main`; a failure is printed and exits with 1, so that
 * bench/run-all.ts and CI see it.
 */
export function runBench(main: () => Promise<void>): void {
  main().catch((e) => {
    console.error(e)
    process.exit(1)
  })
}

export { HEADLESS_CHROMIUM_FLAGS } from '../tests/support/chromium-flags'

/**
 * Runs `script` in a child Node process (`node -e`) with `input` as JSON on its stdin, and gives what it
 * writes on stdout, parsed as JSON: the load generators of bench/full-speed.ts and bench/flashbuy.ts, each with
 * an event loop of its own. `name` words the error when the output is not JSON.
 */
export function runJsonChild<T>(script: string, input: unknown, name: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.once('error', reject)
    child.once('close', (code) => {
      try {
        resolve(JSON.parse(out) as T)
      } catch {
        reject(new Error(`${name} failed (exit ${code}): ${out.slice(0, 200)}`))
      }
    })
    child.stdin.end(JSON.stringify(input))
  })
}

/**
 * The catalogue numbers of the `limit` highest-ranked products a buyer in China can order (active, not
 * lead-only, with a CNY list price); `stocked` keeps only those with a stock row.
 */
export async function orderableCatalogNumbers(db: Kysely<DB>, limit: number, stocked = false): Promise<string[]> {
  const q = stocked ? orderableInStock(db, 0) : orderableProducts(db)
  return (await q.select('p.catalog_number').orderBy('p.rank', 'desc').limit(limit).execute()).map(
    (r) => r.catalog_number,
  )
}
