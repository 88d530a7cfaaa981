import { countryClock } from '../../../types/country-time'
import { countryOf } from '../../../types/country-clock'

/**
 * Dates and money as the console shows them: an instant in the account's country time (China: Asia/Shanghai,
 * India: Asia/Kolkata) with the zone named, and an amount in the account's currency (CNY or INR).
 */
export function countryDateTime(at: string | null | undefined, country: string | null | undefined): string {
  if (!at) return '—'
  const c = countryOf(country)
  return `${countryClock(at, c).format('YYYY-MM-DD HH:mm')} ${c === 'in' ? 'IST' : 'CST'}`
}

export function money(
  amount: number | null | undefined,
  currency: string | null | undefined,
  language: string,
): string {
  if (amount === null || amount === undefined) return '—'
  const cur = currency === 'INR' ? 'INR' : 'CNY'
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : cur === 'INR' ? 'en-IN' : 'en-US', {
    style: 'currency',
    currency: cur,
  }).format(amount)
}
