/**
 * The buyers and products of the load tests that place orders against a real server on PostgreSQL
 * (tests/server/crash.test.ts, tests/dbfault/dbfault.test.ts).
 */
import type pg from 'pg'
import { signAccessToken } from '../../server/domains/auth/tokens'

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
