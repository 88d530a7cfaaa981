import { countryOfCurrency, currencyOfCountry, toMajor, toMinor } from '../../types/money'
import { COUNTRY_TIME_ZONE, countryClock, countryInstant, countryUtcOffsetMinutes } from '../../types/country-time'
import { COUNTRY_UTC_OFFSET_MINUTES, countryClockFixed, countryOf } from '../../types/country-clock'

/** Money, currency and the countries' clocks (types/money.ts, types/country-time.ts, types/country-clock.ts). */
describe('money and currency', () => {
  it('"Currency: CNY (¥) for cn, INR (₹) for in; default region cn"', () => {
    expect(currencyOfCountry('cn')).toBe('CNY')
    expect(currencyOfCountry('in')).toBe('INR')
    expect(currencyOfCountry(undefined)).toBe('CNY')
    expect(countryOfCurrency('INR')).toBe('in')
    expect(countryOfCurrency('CNY')).toBe('cn')
  })

  it('converts between minor units (fen, paise) and major units exactly', () => {
    expect(toMajor(1234)).toBe(12.34)
    expect(toMajor(-5)).toBe(-0.05)
    expect(toMajor(0)).toBe(0)
    expect(toMinor(12.34)).toBe(1234)
    expect(toMinor(0.1 + 0.2)).toBe(30)
    for (let m = 0; m < 100_000; m += 7) expect(toMinor(toMajor(m))).toBe(m)
  })
})

describe("the countries' clocks", () => {
  it('China runs on Asia/Shanghai (UTC+8), India on Asia/Kolkata (UTC+5:30)', () => {
    expect(COUNTRY_TIME_ZONE).toEqual({ cn: 'Asia/Shanghai', in: 'Asia/Kolkata' })
    expect(countryUtcOffsetMinutes('cn')).toBe(480)
    expect(countryUtcOffsetMinutes('in')).toBe(330)
    expect([countryOf('in'), countryOf('cn'), countryOf(undefined), countryOf('xx')]).toEqual(['in', 'cn', 'cn', 'cn'])
  })

  it("the fixed offsets (the mini-program's clock) give the zone database's answer at every instant", () => {
    for (const country of ['cn', 'in'] as const) {
      for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2031, 0, 1); t += 9 * 86_400_000 + 3_600_000) {
        expect(COUNTRY_UTC_OFFSET_MINUTES[country]).toBe(countryUtcOffsetMinutes(country, t))
        expect(countryClockFixed(t, country).format('YYYY-MM-DD HH:mm')).toBe(
          countryClock(t, country).format('YYYY-MM-DD HH:mm'),
        )
      }
    }
  })

  it("reads an instant on the country's clock and finds when a local day begins", () => {
    const t = new Date('2026-03-06T17:30:00Z')
    expect(countryClock(t, 'cn').format('YYYY-MM-DD HH:mm')).toBe('2026-03-07 01:30')
    expect(countryClock(t, 'in').format('YYYY-MM-DD HH:mm')).toBe('2026-03-06 23:00')
    expect(countryInstant('2026-03-07', 'cn').toISOString()).toBe('2026-03-06T16:00:00.000Z')
    expect(countryInstant('2026-03-07', 'in').toISOString()).toBe('2026-03-06T18:30:00.000Z')
  })
})
