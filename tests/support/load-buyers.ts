/**
 * The server process, buyers and products of the load tests that place orders against a real server on
 * PostgreSQL (tests/server/crash.test.ts, tests/dbfault/dbfault.test.ts).
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process'
import path from 'node:path'
import assert from 'node:assert/strict'
import type pg from 'pg'
import { signAccessToken } from '../../server/domains/auth/tokens'

const ROOT = path.resolve(__dirname, '..', '..')

/**
 * The real server (server/index.ts) as a child process on `databaseUrl`, listening on 127.0.0.1:`port`, signing
 * with `secret` and serving dist/h5; `env` adds to (or overrides) that environment.
 */
export function spawnServer(
  databaseUrl: string,
  port: number,
  secret: string,
  env: Record<string, string>,
  stdio: StdioOptions,
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: secret,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STATIC_DIR: path.join(ROOT, 'dist', 'h5'),
      ...env,
    },
    stdio,
  })
}

/**
 * `count` buyers of distributor.cn's account (Siebel Approved, an ACTIVE ship-to), users `${prefix}.0` ... copied
 * from distributor.cn; a token for each, signed with `secret`, in the same order.
 */
export async function addBuyers(db: pg.Client, prefix: string, count: number, secret: string): Promise<string[]> {
  const base = (await db.query(`SELECT * FROM users WHERE user_name = 'distributor.cn'`)).rows[0]
  const tokens: string[] = []
  for (let i = 0; i < count; i++) {
    const id = `U-${prefix}-${i}`
    await db.query(
      `INSERT INTO users (id, user_name, first_name, last_name, siebel_row_id, cdc_uid, email, phone, country, language, ma_country, registration_status, account_id, analytics_client_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        id,
        `${prefix}.${i}`,
        base.first_name,
        base.last_name,
        base.siebel_row_id,
        `cdc-${prefix}-${i}`,
        `${prefix}${i}@lab.example`,
        base.phone,
        base.country,
        base.language,
        base.ma_country,
        base.registration_status,
        base.account_id,
        `ga-${prefix}-${i}`,
      ],
    )
    tokens.push(await signAccessToken(secret, { userId: id, userName: `${prefix}.${i}` }))
  }
  return tokens
}

/** the first 30 active, priced, orderable (not lead-only) products with at least 20 in stock */
export async function stockedProducts(db: pg.Client): Promise<{ id: number; catalog_number: string }[]> {
  return (
    await db.query(
      `SELECT p.id, p.catalog_number FROM products p JOIN product_sales s ON s.product_id = p.id JOIN product_stock st ON st.product_id = p.id
      WHERE s.sales_status = 'active' AND NOT p.lead_target AND p.list_price_cny IS NOT NULL AND st.quantity >= 20 ORDER BY p.id LIMIT 30`,
    )
  ).rows
}

/**
 * Exactly once, nothing half-written: every acknowledged key (`acked`: the buyer's index and the answer it got)
 * has one placement of its buyer (`U-<prefix>-<index>`) stored with that answer, whose orders are the answer's,
 * each with lines and the key as its PO number; and no order is without lines, no placement without orders.
 */
export async function assertAcknowledgedOnce(
  db: pg.Client,
  prefix: string,
  acked: Map<string, { user: number; response: any }>,
): Promise<void> {
  for (const [key, a] of acked) {
    const pl = (
      await db.query(`SELECT id, response FROM order_placements WHERE user_id = $1 AND idempotency_key = $2`, [
        `U-${prefix}-${a.user}`,
        key,
      ])
    ).rows
    assert.equal(pl.length, 1, key)
    assert.deepEqual(pl[0].response, a.response, key)
    const orders = (
      await db.query(
        `SELECT order_number, po_number, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS n FROM orders o WHERE placement_id = $1`,
        [pl[0].id],
      )
    ).rows
    assert.deepEqual(
      orders.map((o) => o.order_number).sort(),
      a.response.orders.map((o: any) => o.orderNumber).sort(),
      key,
    )
    for (const o of orders) {
      assert.ok(o.n > 0, `${key}: order without lines`)
      assert.equal(o.po_number, key)
    }
  }
  const count = async (q: string) => (await db.query(q)).rows[0].n
  assert.equal(
    await count(
      `SELECT count(*)::int AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`,
    ),
    0,
    'no order without lines',
  )
  assert.equal(
    await count(
      `SELECT count(*)::int AS n FROM order_placements p WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.placement_id = p.id)`,
    ),
    0,
    'no placement without orders',
  )
}

/** how many placements buyer `U-<prefix>-<index>` has under the Idempotency-Key `key` (a retry makes at most one) */
export const keyPlacements = async (db: pg.Client, prefix: string, user: number, key: string): Promise<number> =>
  (
    await db.query(`SELECT count(*)::int AS n FROM order_placements WHERE user_id = $1 AND idempotency_key = $2`, [
      `U-${prefix}-${user}`,
      key,
    ])
  ).rows[0].n
