import { useLocale } from '../../src/store/locale'
import { useOrderHistory } from '../../src/store/order/history'
import { stubApi, sleep, openPage, q, qa, waitFor, waitText, type StubCall } from './product-api-stub'
import { logIn, signedInRoutes, click, screenTests } from './screen-setup'
import { addMonths, todayIn } from '../../types/order/export-rules'

/**
 * The export section of the order history (issue 12: "Export and email of orders over a date range
 * of at most one year, the start before the end … downloadable on H5"; spec §5 "Order-export date
 * range: at most one year. Start date earlier than end date."; §9 "export and email cover up to one
 * year"), rendered by the real app shell (H5 flavour); Taro.request stubbed at the API-client
 * boundary, the browser's fetch / object URL at the platform boundary.
 */
jest.setTimeout(30000)

const base = (routes: Record<string, unknown> = {}) =>
  signedInRoutes({ 'GET /order/list': { items: [], nextCursor: null, since: '2026-08-23T10:00:00.000Z' }, ...routes })
const field = (sel: string) => (q(`${sel} input`) ?? q(sel)) as HTMLInputElement | null
const type = async (sel: string, value: string) => {
  q(sel)!.dispatchEvent(new CustomEvent('input', { bubbles: true, detail: { value } }))
  await sleep(20)
}
const exportCalls = (calls: StubCall[]) => calls.filter((c) => c.path.startsWith('/order/export'))
const problem = () => q('.oh-export__problem:not(.oh-export__email-problem)')?.textContent ?? null

describe('order export section', () => {
  let fetchMock: jest.Mock
  let clicked: { href: string; download: string }[]
  screenTests(() => {
    useOrderHistory.getState().reset()
    fetchMock = jest.fn(async () => ({ ok: true, status: 200, blob: async () => new Blob(['PK']) }))
    ;(globalThis as { fetch?: unknown }).fetch = fetchMock
    ;(URL as unknown as { createObjectURL: unknown }).createObjectURL = jest.fn(() => 'blob:http://app.test/1')
    ;(URL as unknown as { revokeObjectURL: unknown }).revokeObjectURL = jest.fn()
    clicked = []
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download })
    })
  })

  it("two labelled dates default to the last 3 months (§9); the rule's message while the range is not allowed (§5), and no call", async () => {
    logIn()
    const calls = stubApi(base())
    await openPage('packages/order/order-history/index')
    await waitFor(() => q('.oh-export') !== null, 'the export section')
    const today = todayIn('cn')
    await waitFor(() => field('.oh-export__to')?.value === today, 'the default end: today (China time)')
    expect(field('.oh-export__from')?.value).toBe(addMonths(today, -3))
    expect(field('.oh-export__from')?.getAttribute('aria-label')).toBe('From (YYYY-MM-DD)')
    expect(field('.oh-export__to')?.getAttribute('aria-label')).toBe('To (YYYY-MM-DD)')
    expect(q('.oh-export')?.getAttribute('aria-label')).toBe('Export orders')
    expect(problem()).toBeNull()
    const dl = q('.oh-export__download')!
    expect(dl.getAttribute('role')).toBe('button')
    expect(dl.getAttribute('aria-label')).toBe(`Download orders from ${addMonths(today, -3)} to ${today}`)
    expect(q('.oh-export__email')?.getAttribute('aria-label')).toBe(
      `Email orders from ${addMonths(today, -3)} to ${today}`,
    )
    expect(qa('.oh-export__format').map((f) => f.textContent)).toEqual(['Excel (.xlsx)', 'CSV'])

    // start after end
    await type('.oh-export__from', '2026-05-10')
    await type('.oh-export__to', '2026-05-01')
    expect(problem()).toBe('The start date must be earlier than the end date')
    expect(q('.oh-export__download')?.getAttribute('aria-disabled')).toBe('true')
    click(q('.oh-export__download'))
    click(q('.oh-export__email'))
    // the same day is not "earlier"
    await type('.oh-export__to', '2026-05-10')
    expect(problem()).toBe('The start date must be earlier than the end date')
    // one calendar year is the most
    await type('.oh-export__from', '2025-05-10')
    expect(problem()).toBeNull()
    await type('.oh-export__to', '2026-05-11')
    expect(problem()).toBe('The date range can be at most one year')
    // not a day
    await type('.oh-export__to', '2026-02-30')
    expect(problem()).toBe('Enter both dates as YYYY-MM-DD')
    await sleep(50)
    expect(exportCalls(calls)).toHaveLength(0)

    // in Chinese
    useLocale.setState({ language: 'zh' })
    await waitText('请按 YYYY-MM-DD 填写开始和结束日期')
  })

  it('Download: a one-time ticket for the range, then the file fetched from its address and saved under its name', async () => {
    logIn()
    const calls = stubApi(
      base({
        'POST /order/export/ticket': (c: StubCall) => ({
          url: '/api/order/export/file?ticket=T0k3n',
          expiresAt: '2026-11-23T12:01:00.000Z',
          fileName: `orders-${c.data.from}-${c.data.to}.${c.data.format}`,
        }),
      }),
    )
    await openPage('packages/order/order-history/index')
    await waitFor(() => field('.oh-export__to')?.value !== '', 'the defaults')
    await type('.oh-export__from', '2025-12-01')
    await type('.oh-export__to', '2026-11-30')
    click(q('.oh-export__format--csv'))
    await sleep(20)
    expect(q('.oh-export__format--csv')?.getAttribute('aria-checked')).toBe('true')
    click(q('.oh-export__download'))
    await waitText('Saved orders-2025-12-01-2026-11-30.csv')
    expect(exportCalls(calls).map((c) => [c.method, c.path, c.data])).toEqual([
      ['POST', '/order/export/ticket', { from: '2025-12-01', to: '2026-11-30', format: 'csv' }],
    ])
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('http://api.test/api/order/export/file?ticket=T0k3n')
    expect(clicked).toEqual([{ href: 'blob:http://app.test/1', download: 'orders-2025-12-01-2026-11-30.csv' }])
    expect(q('.oh-export__notice')?.getAttribute('role')).toBe('status')

    // an expired ticket (the file's address answers 404): said, nothing saved
    fetchMock.mockImplementationOnce(async () => ({ ok: false, status: 404, blob: async () => new Blob([]) }))
    click(q('.oh-export__download'))
    await waitText('The export failed. Please try again.')
    expect(clicked).toHaveLength(1)
    expect(q('.oh-export__notice--error')?.getAttribute('role')).toBe('alert')
  })

  it("Email: to the buyer's own address and one more valid one; the server's answer and its refusals are said", async () => {
    logIn()
    let refuse = false
    const calls = stubApi(
      base({
        'POST /order/export/email': (c: StubCall) =>
          refuse
            ? {
                status: 400,
                body: {
                  success: false,
                  code: 'BAD_REQUEST',
                  message: 'The date range can be at most one year',
                  statusCode: 400,
                  reason: 'EXPORT_RANGE',
                },
              }
            : {
                sentTo: ['wang.xiaoming@example.edu.cn', ...(c.data.email ? [c.data.email] : [])],
                messageId: '<m1@labstore>',
                rows: 12,
              },
      }),
    )
    await openPage('packages/order/order-history/index')
    await waitFor(() => field('.oh-export__to')?.value !== '', 'the defaults')
    const from = field('.oh-export__from')!.value
    const to = field('.oh-export__to')!.value

    await type('.oh-export__email-input', 'not-an-address')
    expect(q('.oh-export__email-problem')?.textContent).toBe('Please enter valid email id')
    expect(q('.oh-export__email')?.getAttribute('aria-disabled')).toBe('true')
    expect(field('.oh-export__email-input')?.getAttribute('aria-label')).toBe('Also email to (optional)')
    await type('.oh-export__email-input', ' lab.head@example.org ')
    expect(q('.oh-export__email-problem')).toBeNull()
    click(q('.oh-export__email'))
    await waitText('Sent to wang.xiaoming@example.edu.cn, lab.head@example.org (12 order lines)')
    expect(exportCalls(calls).map((c) => [c.method, c.path, c.data])).toEqual([
      ['POST', '/order/export/email', { from, to, format: 'xlsx', email: 'lab.head@example.org' }],
    ])

    refuse = true
    click(q('.oh-export__email'))
    await waitFor(
      () => (q('.oh-export__notice--error')?.textContent ?? '').includes('The date range can be at most one year'),
      "the server's message",
    )
  })
})
