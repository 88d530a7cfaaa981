import dayjs, { type Dayjs } from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import timezone from 'dayjs/plugin/timezone.js'
// (the .js names: the built server (dist/server, ESM) imports dayjs's CommonJS plugin files by their file names)
import type { CountryCode } from './common'
import { countryOf } from './country-clock'

dayjs.extend(utc)
dayjs.extend(timezone)

/**
 * The countries' clocks from the time-zone database (dayjs's utc and timezone plugins): China runs
 * on Asia/Shanghai, India on Asia/Kolkata. Business days, periods (draws, tasks, statements), export
 * ranges and the wall-clock dates of exports are counted on the buyer's country's clock, whatever
 * the server's own zone. Code the app runs on every screen uses types/country-clock.ts instead.
 */

export const COUNTRY_TIME_ZONE: Record<CountryCode, string> = { cn: 'Asia/Shanghai', in: 'Asia/Kolkata' }

type Instant = Date | number | string

/** `at` on the country's clock */
export const countryClock = (at: Instant, country: string | null | undefined): Dayjs =>
  dayjs(at).tz(COUNTRY_TIME_ZONE[countryOf(country)])

/** the country's offset from UTC at `at`, in minutes (480 for cn, 330 for in) */
export const countryUtcOffsetMinutes = (country: string | null | undefined, at: Instant = Date.now()): number =>
  countryClock(at, country).utcOffset()

/** the instant a local date ('YYYY-MM-DD') or local date-time ('YYYY-MM-DD HH:mm') begins in the country */
export const countryInstant = (local: string, country: string | null | undefined): Date =>
  dayjs.tz(local, COUNTRY_TIME_ZONE[countryOf(country)]).toDate()
