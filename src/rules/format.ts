import { countryClockFixed } from '../../types/country-clock'
import { CURRENCY_BY_COUNTRY, type Country } from './constants'

const SYMBOL: Record<string, string> = { CNY: CURRENCY_BY_COUNTRY.cn.symbol, INR: CURRENCY_BY_COUNTRY.in.symbol }

/**
 * Spec section 9: "Price format: 2 decimals, zh-CN number format" and "Currency CNY (¥) for cn,
 * INR (₹) for in". zh-CN groups thousands with ',' and uses '.' for decimals. Written out by hand
 * because a mini-program's JS engine may lack full Intl support.
 */
export function formatAmount(amount: number): string {
  if (!Number.isFinite(amount)) return ''
  const negative = amount < 0
  const [int, dec] = Math.abs(amount).toFixed(2).split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${grouped}.${dec}`
}

export function formatMoney(amount: number, currency: string): string {
  const s = formatAmount(amount)
  const sym = SYMBOL[currency] ?? `${currency} `
  return s.startsWith('-') ? `-${sym}${s.slice(1)}` : `${sym}${s}`
}

/**
 * The one points formatter (issue 22: "My points: 31326" beside "35,256" elsewhere): whole points grouped by
 * thousands as prices are ("31,326"), by hand for the same reason; `signed` writes a gain as "+1,200" and a
 * spend as "-1,200" (point history).
 */
export function formatPoints(points: number, { signed = false }: { signed?: boolean } = {}): string {
  if (!Number.isFinite(points)) return ''
  const n = Math.round(points)
  const grouped = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${n < 0 ? '-' : signed && n > 0 ? '+' : ''}${grouped}`
}

export const currencyOf = (country: Country) => CURRENCY_BY_COUNTRY[country].code

/**
 * Spec section 9: "China timestamps: shifted by +8 hours". Server times are UTC; for cn they are
 * shown in China time. India is shown in IST (+5:30), which the spec leaves open. The country's
 * clock is types/country-clock.ts's (fixed offsets: right in the mini-program too).
 */
export function formatTimestamp(value: string | number | Date, country: Country, pattern = 'YYYY-MM-DD HH:mm'): string {
  const d = countryClockFixed(value, country)
  return d.isValid() ? d.format(pattern) : ''
}
