import { useLocale } from '../../src/store/locale'
import { useGifts } from '../../src/store/membership/gifts'
import { usePoints } from '../../src/store/membership/points'
import { stubApi, openPage, q, qa, text, waitText, waitFor } from './product-api-stub'
import { logIn, signedInRoutes, click, screenTests } from './screen-setup'
import { approvedCn } from './account-fixtures'

/**
 * The points and gift-centre screens, rendered by the real app shell; Taro.request stubbed at the
 * API-client boundary only. Spec §4 "Exchange status: normal, out of stock, exceeds limit,
 * insufficient points, draw-only."; §9 "Distributor, agent and special accounts are blocked from the
 * membership centre."
 */
jest.setTimeout(30000)

const gift = (o: Record<string, unknown> = {}) => ({
  id: 'GF-CN-001',
  name: 'Branded lab coat',
  description: 'White cotton lab coat',
  category: 'lab',
  image: '/media/products/GF-CN-001',
  points: 4800,
  stock: 40,
  minQty: 1,
  limitQty: 2,
  limitPeriod: 'month',
  drawOnly: false,
  redeemedThisPeriod: 0,
  exchangeStatus: 'normal',
  ...o,
})
const GIFTS = [
  gift(),
  gift({ id: 'GF-CN-007', name: 'Mug set', stock: 0, exchangeStatus: 'out_of_stock' }),
  gift({ id: 'GF-CN-016', name: 'Vortex mixer', points: 120000, exchangeStatus: 'insufficient_points' }),
  gift({ id: 'GF-CN-019', name: 'pH meter', drawOnly: true, exchangeStatus: 'draw_only' }),
  gift({ id: 'GF-CN-002', name: 'Pipette', limitQty: 1, redeemedThisPeriod: 1, exchangeStatus: 'exceeds_limit' }),
  gift({ id: 'GF-CN-004', name: 'Tube rack', points: 600, minQty: 2, limitQty: 10 }),
]
const redemption = (o: Record<string, unknown> = {}) => ({
  redemptionNumber: 'RD-000042',
  status: 'submitted',
  points: 4800,
  lines: [{ giftId: 'GF-CN-001', name: 'Branded lab coat', image: null, quantity: 1, unitPoints: 4800, points: 4800 }],
  shipTo: {
    addressKey: 'ST-1000001-01',
    attentionTo: null,
    company: 'Shanghai Lab',
    address: 'Zhangjiang Road 1',
    phone: null,
  },
  contact: { name: '王小明', phone: '13800138000' },
  remark: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
  ...o,
})
const base = (routes: Record<string, unknown> = {}, user: unknown = approvedCn()) =>
  signedInRoutes(
    { 'GET /sc/getSupplyCenter': [], 'GET /membership/gifts': { balance: 35256, gifts: GIFTS }, ...routes },
    user,
  )

describe('points and gift-centre screens', () => {
  screenTests(() => {
    useGifts.setState({
      status: 'idle',
      gifts: [],
      balance: null,
      gift: null,
      giftStatus: 'idle',
      attempt: null,
      redeeming: false,
      records: [],
      recordsStatus: 'idle',
      feedback: [],
      feedbackStatus: 'idle',
      detail: null,
    })
    usePoints.setState({ status: 'idle', summary: null, entries: [], total: 0, page: 0 })
  })

  it("gift centre: the balance and each gift's exchange status (normal, out of stock, exceeds limit, insufficient points, draw-only); only a normal gift links to Redeem", async () => {
    logIn()
    stubApi(base())
    await openPage('packages/membership/gift-centre/index')
    await waitText('Branded lab coat')
    expect(q('.gc-head__value')?.textContent).toBe('35,256')
    const status = (id: string) => q(`.gc-gift[data-id="${id}"] .gc-gift__status`)?.textContent
    expect([
      status('GF-CN-001'),
      status('GF-CN-007'),
      status('GF-CN-002'),
      status('GF-CN-016'),
      status('GF-CN-019'),
    ]).toEqual(['Available', 'Out of stock', 'Exceeds limit', 'Insufficient points', 'Draw only'])
    const ok = q('.gc-gift[data-id="GF-CN-001"] .gc-gift__action') as HTMLAnchorElement
    expect(ok.getAttribute('href')).toBe('/giftcenter/redeem?id=GF-CN-001')
    expect(ok.getAttribute('aria-label')).toBe('Redeem Branded lab coat')
    expect(q('.gc-gift[data-id="GF-CN-007"] .gc-gift__action')?.getAttribute('aria-disabled')).toBe('true')
    expect(q('.gc-gift[data-id="GF-CN-004"]')?.textContent).toContain('Minimum 2')
    expect(q('.gc-gift[data-id="GF-CN-002"]')?.textContent).toContain('1 redeemed this month')
    await waitFor(() => q('.gc-gift img') !== null, 'a gift picture')
    expect(q('.gc-gift img')?.getAttribute('alt')).toBe('Branded lab coat')
    expect(qa('.gc-head__link').map((a) => a.getAttribute('href'))).toEqual([
      '/giftcenter/rewarddetail',
      '/giftcenter/rewardsrules',
      '/giftcenter/redemptionrecord',
      '/giftcenter/redemptionfeedback',
    ])
  })

  it('a black-listed account is told so instead of the screen, and nothing of the programme is requested; My hides the gift centre from it', async () => {
    logIn()
    const distributor = approvedCn({
      userRoles: { registrationStatus: 'Siebel Approved', accountType: 'distributor', blackListed: true },
    })
    const calls = stubApi(base({}, distributor))
    await openPage('packages/membership/gift-centre/index')
    await waitText('Sorry, distributor, agent and special accounts cannot take part in the membership programme')
    expect(q('.member-blocked')?.getAttribute('role')).toBe('alert')
    expect(calls.some((c) => c.path.startsWith('/membership/'))).toBe(false)
    await openPage('pages/my/index')
    await waitText('My orders')
    expect(q('.my-menu__item--giftCentre')).toBeNull()
  })

  it('a server refusal 403 MEMBERSHIP_BLOCKED (the account changed type) shows the same message', async () => {
    logIn()
    stubApi(
      base({
        'GET /membership/gifts': {
          status: 403,
          body: { success: false, code: 'FORBIDDEN', message: 'x', statusCode: 403, reason: 'MEMBERSHIP_BLOCKED' },
        },
      }),
    )
    await openPage('packages/membership/gift-centre/index')
    await waitText('Sorry, distributor, agent and special accounts cannot take part in the membership programme')
  })

  it("redeem: the minimum quantity first, the member's ACTIVE ship-tos, the contact from the ship-to; one POST with an Idempotency-Key; success names the redemption", async () => {
    logIn()
    const calls = stubApi(
      base({
        'GET /membership/gifts/GF-CN-004': GIFTS[5],
        'POST /membership/gifts/redeem': {
          redemption: redemption({
            points: 1800,
            lines: [
              { giftId: 'GF-CN-004', name: 'Tube rack', image: null, quantity: 3, unitPoints: 600, points: 1800 },
            ],
          }),
          balance: 33456,
        },
      }),
    )
    await openPage('pages/my/index')
    await waitText('My orders')
    await useGifts.getState().load()
    await openPage('packages/membership/gift-redeem/index', { id: 'GF-CN-004' })
    await waitText('Tube rack')
    expect(q('.gr-qty__value')?.textContent).toBe('2')
    expect(q('.gr-qty__minus')?.getAttribute('aria-disabled')).toBe('true')
    click(q('.gr-qty__plus'))
    await waitFor(() => q('.gr-qty__value')?.textContent === '3', 'quantity 3')
    expect(text()).toContain('Total: 1,800 points')
    expect(text()).toContain('Balance after: 33,456 points')
    // PENDING ship-tos are not offered
    const addresses = qa('.gr-address__item')
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.filter((a) => a.getAttribute('aria-checked') === 'true').length).toBe(1)
    click(q('.gr-bar__submit'))
    await waitText('Redemption submitted')
    expect(text()).toContain('Redemption RD-000042: 1,800 points. Your balance is now 33,456 points.')
    const post = calls.filter((c) => c.path === '/membership/gifts/redeem')
    expect(post.length).toBe(1)
    expect(post[0].header['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)
    expect(post[0].data).toMatchObject({ giftId: 'GF-CN-004', quantity: 3, addressKey: 'ST-1000001-01' })
    expect(post[0].data.contact.phone).toBeTruthy()
  })

  it("redeem: the server's refusal is shown in its words; a lost answer is retried with the same key", async () => {
    logIn()
    let n = 0
    const calls = stubApi(
      base({
        'GET /membership/gifts/GF-CN-001': GIFTS[0],
        'POST /membership/gifts/redeem': () =>
          ++n === 1
            ? { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'busy', statusCode: 503 } }
            : {
                status: 409,
                body: {
                  success: false,
                  code: 'CONFLICT',
                  message: 'Out of stock: not enough of this gift left',
                  statusCode: 409,
                  reason: 'GIFT_OUT_OF_STOCK',
                },
              },
      }),
    )
    await openPage('packages/membership/gift-redeem/index', { id: 'GF-CN-001' })
    await waitText('Branded lab coat')
    click(q('.gr-bar__submit'))
    await waitFor(
      () => calls.filter((c) => c.path === '/membership/gifts/redeem').length === 1 && !useGifts.getState().redeeming,
      'the first attempt',
    )
    click(q('.gr-bar__submit'))
    await waitText('Out of stock: not enough of this gift left')
    const keys = calls.filter((c) => c.path === '/membership/gifts/redeem').map((c) => c.header['Idempotency-Key'])
    expect(keys.length).toBe(2)
    expect(keys[0]).toBe(keys[1])
  })

  it('point detail: balance, the next points to expire, signed entries with what they were for, and Load more', async () => {
    logIn()
    const entry = (id: number, o: Record<string, unknown>) => ({
      id: String(id),
      kind: 'earned',
      points: 42,
      source: 'order',
      sourceRef: '3200048',
      createdAt: '2026-11-20T02:00:00.000Z',
      expiresAt: '2028-01-01T00:00:00.000Z',
      ...o,
    })
    const calls = stubApi(
      base({
        'GET /membership/points': { balance: 35256, expiring: { points: 1335, expiresAt: '2027-01-01T00:00:00.000Z' } },
        'GET /membership/points/entries': (c: { query: Record<string, string> }) =>
          c.query.page === '1'
            ? {
                items: [
                  entry(3, { kind: 'spent', points: -4800, source: 'redemption', sourceRef: 'RD-000042' }),
                  entry(2, { kind: 'expired', points: -70, source: 'expiry', sourceRef: 'expired-total:70' }),
                ],
                total: 3,
                page: 1,
                pageSize: 20,
              }
            : { items: [entry(1, {})], total: 3, page: 2, pageSize: 20 },
      }),
    )
    await openPage('packages/membership/reward-detail/index')
    await waitText('Points balance')
    expect(q('.pd-balance__value')?.textContent).toBe('35,256')
    expect(text()).toContain('1,335 points expire on 2027-01-01')
    expect(
      qa('.pd-entry').map((e) => [
        e.querySelector('.pd-entry__for')?.textContent,
        e.querySelector('.pd-entry__points')?.textContent,
      ]),
    ).toEqual([
      ['Redemption RD-000042', '-4,800'],
      ['Points expired', '-70'],
    ])
    click(q('.pd-list__more'))
    await waitFor(() => qa('.pd-entry').length === 3, 'the second page')
    expect(qa('.pd-entry')[2].querySelector('.pd-entry__points')?.textContent).toBe('+42')
    expect(q('.pd-list__more')).toBeNull()
    expect(calls.filter((c) => c.path === '/membership/points/entries').map((c) => c.query.page)).toEqual(['1', '2'])
  })

  it('point rules need no login and state the earning unit of the country', async () => {
    stubApi(base({ 'GET /users/info': { status: 401, body: {} } }))
    await openPage('packages/membership/rewards-rules/index')
    await waitText('How you earn points')
    expect(text()).toContain('Every order earns 1 point per full CNY 1,000 of its goods value before tax.')
    expect(text()).toContain('Distributor, agent and special accounts are not part of the membership programme.')
    useLocale.setState({ country: 'in' })
    await waitText('INR 10,000')
  })

  it('redemption record and feedback: the status of each redemption, details in place, feedback with category, type, number, and its status', async () => {
    logIn()
    const calls = stubApi(
      base({
        'GET /membership/redemptions': {
          items: [
            {
              redemptionNumber: 'RD-000042',
              status: 'pending_shipped',
              points: 4800,
              giftName: 'Branded lab coat',
              image: null,
              quantity: 1,
              createdAt: '2026-11-20T02:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
        'GET /membership/redemptions/RD-000042': redemption({ status: 'pending_shipped' }),
        'GET /membership/redemption-feedback': [
          {
            id: '7',
            category: 'logistics',
            type: 'enquiry',
            number: 'RD-000042',
            description: 'When?',
            status: 'In-Progress',
            result: null,
            createdAt: '2026-11-20T03:00:00.000Z',
            updatedAt: '2026-11-20T03:00:00.000Z',
          },
        ],
        'POST /membership/redemption-feedback': (c: { data: Record<string, string> }) => ({
          id: '8',
          ...c.data,
          status: 'pending',
          result: null,
          createdAt: '2026-11-21T03:00:00.000Z',
          updatedAt: '2026-11-21T03:00:00.000Z',
        }),
      }),
    )
    await openPage('packages/membership/redemption-record/index')
    await waitText('RD-000042')
    expect(q('.rr-item__status')?.textContent).toBe('Pending shipment')
    click(q('.rr-item__toggle'))
    await waitText('Zhangjiang Road 1')
    expect(text()).toContain('王小明 13800138000')
    expect(q('.rr-item__feedback')?.getAttribute('href')).toBe('/giftcenter/redemptionfeedback?number=RD-000042')
    await openPage('packages/membership/redemption-feedback/index', { number: 'RD-000042' })
    await waitText('My feedback')
    expect(q('.fbk-item__status')?.textContent).toBe('In progress')
    click(qa('.fbk-chip').find((c) => c.textContent === 'Complaint')!)
    await waitFor(() => q('.fbk-input textarea, textarea.fbk-input') !== null, 'the details field')
    const area = q('.fbk-input textarea, textarea.fbk-input') as HTMLTextAreaElement
    area.value = 'The box arrived damaged'
    area.dispatchEvent(new Event('input', { bubbles: true }))
    await waitFor(() => true, 'typing')
    click(q('.fbk-form__submit'))
    await waitFor(() => qa('.fbk-item').length === 2, 'the new feedback')
    // the statuses in words, not the codes "pending" / "In-Progress" (issue 22)
    expect(qa('.fbk-item__status').map((s) => s.textContent)).toEqual(['Pending', 'In progress'])
    const post = calls.find((c) => c.path === '/membership/redemption-feedback' && c.method === 'POST')!
    expect(post.data).toEqual({
      category: 'logistics',
      type: 'complaint',
      number: 'RD-000042',
      description: 'The box arrived damaged',
    })
  })
})
