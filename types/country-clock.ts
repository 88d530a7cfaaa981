import dayjs, { type Dayjs } from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import type { CountryCode } from './common'

dayjs.extend(utc)

/**
 * The countries' clocks by their fixed offsets from UTC: China Standard Time (UTC+8) for cn, India
 * Standard Time (UTC+5:30) for in; neither has daylight saving. For code the app runs on every
 * screen: it needs no time-zone database, and in the mini-program on Android dayjs's timezone
 * plugin reads the phone's own zone instead of the one asked for (dayjs issue 2635). The server's
 * code uses the zone database (types/country-time.ts); tests/app/money-country-time.test.ts checks
 * that both give the same answer.
 */

export const COUNTRY_UTC_OFFSET_MINUTES: Record<CountryCode, number> = { cn: 8 * 60, in: 5 * 60 + 30 }

/** 'in' stays India; every other value is China (the default region) */
export const countryOf = (country: string | null | undefined): CountryCode => (country === 'in' ? 'in' : 'cn')

/** `at` on the country's clock, from its fixed offset */
export const countryClockFixed = (at: Date | number | string, country: string | null | undefined): Dayjs =>
  dayjs.utc(at).utcOffset(COUNTRY_UTC_OFFSET_MINUTES[countryOf(country)])
