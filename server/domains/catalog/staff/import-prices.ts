import { sql } from 'kysely'
import type { ImportRowError } from '../../../../types/catalog/staff-endpoints'
import { currencyOfCountry } from '../../../../types/money'
import { amountCell, catalogNumberCell, clip, type Cell } from './cells'
import { countRows, inBatches, productIdsByNumber, textSet, type CellIssue, type ImportKindSpec } from './import-kind'

/**
 * Prices of existing products. Required: catalogNumber, currency (CNY or INR), price (major units, above 0).
 * Optional: accountNumber (empty = the list price of that currency, products.list_price_cny / _inr) and priceType
 * (yourPrice, discount or wop; only with an account, default yourPrice).
 * Keys: (list, catalogue number, currency) for list prices; (account, catalogue number) for account prices: an
 * account has one price per product (account_prices), in the account's own currency (INR for an Indian account,
 * CNY otherwise: the currency its buyers are priced in, types/money.ts currencyOfCountry).
 */
export interface PriceRecord {
  catalogNumber: string
  currency: 'CNY' | 'INR'
  price: number
  accountNumber: string | null
  priceType: 'yourPrice' | 'discount' | 'wop' | null
}

const PRICE_TYPES = ['yourPrice', 'discount', 'wop'] as const

export const pricesImport: ImportKindSpec<PriceRecord> = {
  columns: [
    { name: 'catalogNumber', required: true },
    { name: 'currency', required: true },
    { name: 'price', required: true },
    { name: 'accountNumber', required: false },
    { name: 'priceType', required: false },
  ],
  keyLabel: 'price (account or list, catalogue number, currency)',
  key: (r) =>
    r.accountNumber === null ? `list|${r.catalogNumber}|${r.currency}` : `${r.accountNumber}|${r.catalogNumber}`,

  parse(cells) {
    const issues: CellIssue[] = []
    const take = <T>(column: string, c: Cell<T>): T => {
      if (!c.ok) issues.push({ column, message: `${column} ${c.message}` })
      return c.ok ? c.value : (undefined as T)
    }
    const cell = (name: string) => (cells.get(name) ?? '').trim()
    const currency = cell('currency').toUpperCase()
    if (currency !== 'CNY' && currency !== 'INR')
      issues.push({ column: 'currency', message: `currency "${clip(cell('currency'))}" is not CNY or INR` })
    const accountNumber = cell('accountNumber') || null
    if (accountNumber !== null && !/^[A-Za-z0-9-]{1,20}$/.test(accountNumber))
      issues.push({
        column: 'accountNumber',
        message: `accountNumber "${clip(accountNumber)}" is not an account number`,
      })
    const typeText = cell('priceType')
    let priceType: PriceRecord['priceType'] = null
    if (typeText) {
      const t = PRICE_TYPES.find((p) => p.toLowerCase() === typeText.toLowerCase())
      if (!t)
        issues.push({ column: 'priceType', message: `priceType "${clip(typeText)}" is not yourPrice, discount or wop` })
      else if (accountNumber === null)
        issues.push({
          column: 'priceType',
          message: 'priceType is only given with an accountNumber (a list price has none)',
        })
      else priceType = t
    } else if (accountNumber !== null) priceType = 'yourPrice'
    const value: PriceRecord = {
      catalogNumber: take('catalogNumber', catalogNumberCell(cell('catalogNumber'))),
      currency: currency as PriceRecord['currency'],
      price: take('price', amountCell(cell('price'))),
      accountNumber,
      priceType,
    }
    return issues.length ? { issues } : { value }
  },

  async plan(db, rows) {
    const errors: ImportRowError[] = []
    const productIds = await productIdsByNumber(
      db,
      rows.map((r) => r.value.catalogNumber),
    )
    const numbers = [...new Set(rows.flatMap((r) => (r.value.accountNumber ? [r.value.accountNumber] : [])))]
    const accounts = new Map<string, { id: number; country: string }>()
    if (numbers.length) {
      const found = await sql<{ id: number; account_number: string; country: string }>`
        SELECT id, account_number, country FROM accounts WHERE account_number IN (${textSet(numbers)})`.execute(db)
      for (const a of found.rows) accounts.set(a.account_number, { id: a.id, country: a.country })
    }
    const ids = [...new Set(productIds.values())]
    const lists = new Map<number, { cny: number | null; inr: number | null }>()
    const accountPrices = new Map<string, { currency: string; price: number; price_type: string }>()
    if (ids.length) {
      const idSet = textSet(ids.map(String))
      const found = await sql<{ id: number; list_price_cny: number | null; list_price_inr: number | null }>`
        SELECT id, list_price_cny, list_price_inr FROM products WHERE id::text IN (${idSet})`.execute(db)
      for (const p of found.rows) lists.set(p.id, { cny: p.list_price_cny, inr: p.list_price_inr })
      const accountIds = [...accounts.values()].map((a) => String(a.id))
      if (accountIds.length) {
        const aps = await sql<{
          account_id: number
          product_id: number
          currency: string
          price: number
          price_type: string
        }>`
          SELECT account_id, product_id, currency, price, price_type FROM account_prices
          WHERE account_id::text IN (${textSet(accountIds)}) AND product_id::text IN (${idSet})`.execute(db)
        for (const a of aps.rows) accountPrices.set(`${a.account_id}|${a.product_id}`, a)
      }
    }

    const listWrites: { id: number; currency: 'CNY' | 'INR'; price: number }[] = []
    const accountWrites: {
      account_id: number
      product_id: number
      currency: string
      price: number
      price_type: string
    }[] = []
    let created = 0
    let updated = 0
    let unchanged = 0
    for (const { line, value: r } of rows) {
      const productId = productIds.get(r.catalogNumber)
      if (productId === undefined) {
        errors.push({
          row: line,
          column: 'catalogNumber',
          message: `catalogNumber ${r.catalogNumber} is not a product`,
        })
        continue
      }
      if (r.accountNumber === null) {
        const list = lists.get(productId)!
        const old = r.currency === 'CNY' ? list.cny : list.inr
        if (old === r.price) unchanged++
        else {
          listWrites.push({ id: productId, currency: r.currency, price: r.price })
          if (old === null) created++
          else updated++
        }
        continue
      }
      const account = accounts.get(r.accountNumber)
      if (!account) {
        errors.push({
          row: line,
          column: 'accountNumber',
          message: `accountNumber ${r.accountNumber} is not an account`,
        })
        continue
      }
      const own = currencyOfCountry(account.country)
      if (r.currency !== own) {
        errors.push({
          row: line,
          column: 'currency',
          message: `account ${r.accountNumber} is priced in ${own}, not ${r.currency}`,
        })
        continue
      }
      const old = accountPrices.get(`${account.id}|${productId}`)
      if (old && old.currency === r.currency && old.price === r.price && old.price_type === r.priceType) unchanged++
      else {
        accountWrites.push({
          account_id: account.id,
          product_id: productId,
          currency: r.currency,
          price: r.price,
          price_type: r.priceType!,
        })
        if (old) updated++
        else created++
      }
    }

    return {
      created,
      updated,
      unchanged,
      errors,
      async write(trx) {
        for (const currency of ['CNY', 'INR'] as const) {
          const column = sql.ref(currency === 'CNY' ? 'list_price_cny' : 'list_price_inr')
          await inBatches(
            listWrites.filter((w) => w.currency === currency),
            (batch) =>
              sql`UPDATE products p SET ${column} = x.price
                FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS x(id int, price int) WHERE p.id = x.id`.execute(
                trx,
              ),
          )
        }
        await inBatches(accountWrites, (batch) =>
          sql`
            INSERT INTO account_prices (account_id, product_id, currency, price, price_type)
            SELECT account_id, product_id, currency, price, price_type
            FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
              AS x(account_id int, product_id int, currency text, price int, price_type text)
            ON CONFLICT (account_id, product_id) DO UPDATE
              SET currency = excluded.currency, price = excluded.price, price_type = excluded.price_type`.execute(trx),
        )
      },
    }
  },

  counts: async (db) => ({
    accountPrices: await countRows(db, 'account_prices'),
    listPricesCny: await countRows(db, 'products', sql`list_price_cny IS NOT NULL`),
    listPricesInr: await countRows(db, 'products', sql`list_price_inr IS NOT NULL`),
  }),
}
