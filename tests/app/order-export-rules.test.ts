import {
  checkExportRange,
  lastDayOfRange,
  addMonths,
  parseDay,
  rangeInstants,
  todayIn,
  defaultExportRange,
  exportFileName,
  EXPORT_RANGE_MESSAGES,
} from '../../types/order/export-rules'

/**
 * The order-export range rule, shared by the server and the app:
 * spec §5 "Order-export date range: at most one year. Start date earlier than end date."
 * spec §9 "Order history shows the last 3 months; export and email cover up to one year."
 * Our reading: from < to (strictly), to ≤ from + 1 calendar year, both days included, in the
 * account's country's time (China UTC+8, India UTC+5:30).
 */
describe('order-export range (spec §5, §9)', () => {
  it('"Start date earlier than end date": a later or the same start is refused', () => {
    expect(checkExportRange('2026-05-01', '2026-05-02')).toBeNull()
    expect(checkExportRange('2026-05-02', '2026-05-01')).toBe('notBefore')
    expect(checkExportRange('2026-05-01', '2026-05-01')).toBe('notBefore')
    expect(checkExportRange('2025-12-31', '2026-01-01')).toBeNull()
  })

  it('"at most one year": up to the same day a calendar year later, not one day more', () => {
    expect(checkExportRange('2025-03-15', '2026-03-15')).toBeNull()
    expect(checkExportRange('2025-03-15', '2026-03-16')).toBe('tooLong')
    expect(checkExportRange('2024-01-01', '2026-01-01')).toBe('tooLong')
    // from 29 February the year ends on 28 February; a leap day inside the year does not shorten it
    expect(lastDayOfRange('2024-02-29')).toBe('2025-02-28')
    expect(checkExportRange('2024-02-29', '2025-02-28')).toBeNull()
    expect(checkExportRange('2024-02-29', '2025-03-01')).toBe('tooLong')
    expect(checkExportRange('2023-03-01', '2024-03-01')).toBeNull()
  })

  it('both ends must be real days written YYYY-MM-DD', () => {
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '2026-1-1',
      '26-01-01',
      '',
      '2026/01/01',
      '2026-01-01T00:00',
      ' 2026-01-01',
    ]) {
      expect(checkExportRange(bad, '2026-06-01')).toBe('malformed')
      expect(checkExportRange('2026-01-01', bad)).toBe('malformed')
    }
    expect(parseDay('2028-02-29')).toEqual([2028, 2, 29])
    expect(parseDay('2026-02-29')).toBeNull()
  })

  it('every refusal has a message in English and Chinese', () => {
    for (const m of Object.values(EXPORT_RANGE_MESSAGES)) {
      expect(m.en.length).toBeGreaterThan(5)
      expect(m.zh).toMatch(/[\u4e00-\u9fff]/)
    }
    expect(EXPORT_RANGE_MESSAGES.notBefore.en).toBe('The start date must be earlier than the end date')
    expect(EXPORT_RANGE_MESSAGES.tooLong.en).toBe('The date range can be at most one year')
  })

  it("days are the account's country's: China UTC+8, India UTC+5:30; both days included", () => {
    // 2026-03-01 17:00 UTC is 2 March in China, still 1 March 22:30 in India
    const at = new Date('2026-03-01T17:00:00Z')
    expect(todayIn('cn', at)).toBe('2026-03-02')
    expect(todayIn('in', at)).toBe('2026-03-01')
    expect(rangeInstants('2026-03-01', '2026-03-31', 'cn')).toEqual({
      start: new Date('2026-02-28T16:00:00Z'),
      end: new Date('2026-03-31T16:00:00Z'),
    })
    expect(rangeInstants('2026-03-01', '2026-03-31', 'in')).toEqual({
      start: new Date('2026-02-28T18:30:00Z'),
      end: new Date('2026-03-31T18:30:00Z'),
    })
  })

  it('the default range is the history\'s window (§9 "the last 3 months") to today, and it is allowed', () => {
    const d = defaultExportRange('cn', new Date('2026-05-31T04:00:00Z'))
    expect(d).toEqual({ from: '2026-02-28', to: '2026-05-31' })
    expect(checkExportRange(d.from, d.to)).toBeNull()
    expect(addMonths('2026-01-31', -3)).toBe('2025-10-31')
    expect(exportFileName('2026-02-28', '2026-05-31', 'xlsx')).toBe('orders-2026-02-28-2026-05-31.xlsx')
  })
})
