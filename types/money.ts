import type { CountryCode, Currency } from './common'

/**
 * Money and currency, shared by the server and the app.
 * Amounts are integer minor units (fen / paise) in the database and in every sum, so sums are exact;
 * answers carry major units (yuan / rupees).
 * Spec §9: "Currency: CNY (¥) for cn, INR (₹) for in; default region cn".
 */

/** major units (12.34) → minor units (1234), rounded to the nearest minor unit */
export const toMinor = (major: number) => Math.round(major * 100)

/** minor units (1234) → major units (12.34) */
export const toMajor = (minor: number) => Math.round(minor) / 100

/** the currency of a country: INR for in, CNY for cn and for anything else (the default region) */
export const currencyOfCountry = (country: string | null | undefined): Currency => (country === 'in' ? 'INR' : 'CNY')

/** the country whose currency this is: in for INR, cn otherwise */
export const countryOfCurrency = (currency: string | null | undefined): CountryCode =>
  currency === 'INR' ? 'in' : 'cn'
