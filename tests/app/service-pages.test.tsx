import Taro from '@tarojs/taro'
import { useWishlist } from '../../src/store/engagement/wishlist'
import { useNotifications } from '../../src/store/account/notifications'
import { useSupplyCentre } from '../../src/store/account/supply-centre'
import { usePersona } from '../../src/store/account/persona'
import { storage } from '../../src/platform/storage'
import { readIdsKey } from '../../src/rules/account/notification-read'
import { stubApi, fail, sleep, openPage, q, qa, text, waitText, waitFor, type StubCall } from './product-api-stub'
import { resetApp, logIn, muteToasts, signedInRoutes, AFTER_LOGIN_ROUTES } from './screen-setup'
import { APPROVED_CN } from './account-fixtures'
import { approvedCnWithShipTos } from './service-fixtures'
import { APPROVED_CN_CHAT_PAYLOAD } from '../support/chat-payload'
import { fieldByName, fieldName } from './a11y-names'

/**
 * Notifications and the bell dot, supply centre, persona and the chat page, rendered by the real app
 * shell; Taro.request stubbed at the API-client boundary only.
 */

const USER_ID = APPROVED_CN.userId
const userInfo = () => ({ ...approvedCnWithShipTos(), language: 'en' })
const common = (over: Record<string, unknown> = {}) =>
  signedInRoutes({ ...AFTER_LOGIN_ROUTES, ...over }, userInfo(), {})
const note = (id: string, createdAt: string, over: Record<string, unknown> = {}) => ({
  id,
  category: 'order',
  title: `Title ${id}`,
  body: `Body ${id}`,
  createdAt,
  link: null,
  ...over,
})
const unreadCalls = (calls: StubCall[]) => calls.filter((c) => c.path === '/notification/unread')

jest.setTimeout(20000)

describe('service screens', () => {
  beforeEach(() => {
    resetApp()
    document.cookie = '_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    useWishlist.getState().reset()
    useNotifications.getState().reset()
    useSupplyCentre.getState().reset()
    usePersona.getState().reset()
  })
  afterEach(() => jest.restoreAllMocks())

  it('bell dot: never asked about anonymously; on when POST /notification/unread returns data, off when it returns null', async () => {
    // anonymous: no call, no dot
    let answer: unknown = { unreadCount: 2, latestId: 'n2' }
    let calls = stubApi(common({ 'POST /notification/unread': () => answer }))
    await openPage('pages/home/index')
    await sleep(100)
    expect(unreadCalls(calls)).toHaveLength(0)
    expect(q('.app-header__dot')).toBeNull()

    // logged in, data present → dot
    logIn()
    jest.restoreAllMocks()
    calls = stubApi(common({ 'POST /notification/unread': () => answer }))
    await openPage('pages/home/index')
    await waitFor(() => !!q('.app-header__dot'), 'the bell dot')
    const call = unreadCalls(calls)[0]
    expect(call.method).toBe('POST')
    expect(call.data).toEqual({ readNotification: [] })
    expect(call.header.Authorization).toMatch(/^Bearer /)

    // "presence of data drives the bell dot": null → no dot, asked again on the next page show
    answer = null
    await openPage('packages/account/persona/index')
    await waitFor(() => unreadCalls(calls).length >= 2 && !q('.app-header__dot'), 'the dot to go off')
  })

  it('/notification: newest first, China time; tapping one stores its id, follows its link, and the next unread call sends it; mark all read; load more', async () => {
    logIn()
    const all = [
      note('n1', '2026-11-01T02:00:00Z'),
      note('n3', '2026-11-03T02:00:00Z', {
        category: 'promotion',
        link: { route: 'promotion', params: { category: 'antibodies', subject: 's', id: 'PR1' } },
      }),
      note('n2', '2026-11-02T02:00:00Z', { category: 'account' }),
    ]
    const calls = stubApi(
      common({
        'GET /notification/list': (c: StubCall) => {
          const size = Number(c.query.pageSize)
          const page = Number(c.query.page)
          const sorted = [...all].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
          return {
            list: size === 20 && page === 1 ? sorted.slice(0, 2) : size === 20 ? sorted.slice(2) : sorted,
            total: 3,
            page,
            pageSize: size,
          }
        },
        'POST /notification/unread': (c: StubCall) =>
          c.data.readNotification.length >= 3
            ? null
            : { unreadCount: 3 - c.data.readNotification.length, latestId: 'n3' },
      }),
    )
    await openPage('packages/account/notification/index')
    await waitText('Title n3')
    expect(qa('.notification__title').map((e) => e.textContent)).toEqual(['Title n3', 'Title n2'])
    expect(text()).toContain('2026-11-03 10:00') // spec section 9: "China timestamps: shifted by +8 hours"
    expect(qa('.notification__item--unread')).toHaveLength(2)
    await waitFor(() => !!q('.app-header__dot'), 'the bell dot')

    // load more
    q('.notification__more')!.click()
    await waitText('Title n1')
    await waitText('All 3 notifications shown')

    // tap: marked read locally, link followed, the next unread call carries the id
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    const before = unreadCalls(calls).length
    qa('.notification__item')[0].click()
    expect(nav).toHaveBeenCalledWith({ url: '/packages/catalog/promotion/index?category=antibodies&subject=s&id=PR1' })
    expect(JSON.parse(storage.get(readIdsKey(USER_ID))!)).toEqual(['n3'])
    await waitFor(() => unreadCalls(calls).length > before, 'the unread call')
    expect(unreadCalls(calls).pop()!.data).toEqual({ readNotification: ['n3'] })
    await waitFor(() => qa('.notification__item--unread').length === 2, 'n3 shown as read')
    expect(q('.app-header__dot')).not.toBeNull()

    // a notification without a link only marks read
    nav.mockClear()
    qa('.notification__item')[1].click()
    expect(nav).not.toHaveBeenCalled()

    // mark all read: every id stored (oldest first), the server answers null, the dot goes off
    q('.notification__mark-all')!.click()
    await waitFor(() => !q('.app-header__dot'), 'the dot to go off')
    expect(JSON.parse(storage.get(readIdsKey(USER_ID))!).sort()).toEqual(['n1', 'n2', 'n3'])
    expect(qa('.notification__item--unread')).toHaveLength(0)
  })

  it('/notification empty state (spec section 8: "Empty lists for ... notifications")', async () => {
    logIn()
    stubApi(
      common({
        'GET /notification/list': { list: [], total: 0, page: 1, pageSize: 20 },
        'POST /notification/unread': null,
      }),
    )
    await openPage('packages/account/notification/index')
    await waitText('No notifications yet')
    expect(q('.notification__mark-all')).toBeNull()
  })

  const scOptions = [
    { supplyCenterId: 'SC-SH-001', name: 'Shanghai SC', city: 'Shanghai', operationStatus: 'Normal' },
    { supplyCenterId: 'SC-BJ-002', name: 'Beijing SC', city: 'Beijing', operationStatus: 'Suspended' },
  ]
  const typeReason = async (value: string) => {
    await waitFor(() => !!document.querySelector('.sc-form__reason textarea'), 'the reason box')
    const box = document.querySelector('.sc-form__reason textarea') as HTMLTextAreaElement
    box.value = value
    box.dispatchEvent(new Event('input', { bubbles: true }))
    await sleep(30)
  }

  it('supply centre: "operationStatus Normal counts as active" for the default ship-to; a Suspended one is shown as none', async () => {
    logIn()
    let list = [{ supplyCenterId: 'SC-SH-001', shipToNum: '1000001', operationStatus: 'Normal' }]
    const calls = stubApi(
      common({
        'GET /sc/getSupplyCenter': () => list,
        'GET /sc/options': scOptions,
        'GET /sc/requests': [],
        'POST /notification/unread': null,
      }),
    )
    await openPage('packages/account/supply-centre/index')
    await waitText('Shanghai SC · Shanghai')
    expect(q('.sc-current__badge')?.textContent).toBe('Active')
    expect(calls.find((c) => c.path === '/sc/getSupplyCenter')!.query).toEqual({
      stNumber: '1000001',
      loginName: 'approved.cn',
    })
    expect(text()).toContain('Change supply centre')
    list = [{ supplyCenterId: 'SC-BJ-002', shipToNum: '1000001', operationStatus: 'Suspended' }]
    await openPage('packages/account/supply-centre/index')
    await waitText('No supply centre is assigned to your default ship-to yet.')
    expect(text()).toContain('Apply for a supply centre')
  })

  it('issue 22 item 23: the supply centre reason box is named by its visible label, not by its placeholder', async () => {
    logIn()
    stubApi(
      common({
        'GET /sc/getSupplyCenter': [],
        'GET /sc/options': scOptions,
        'GET /sc/requests': [],
        'POST /notification/unread': null,
      }),
    )
    await openPage('packages/account/supply-centre/index')
    await waitFor(() => !!document.querySelector('.sc-form__reason textarea'), 'the reason box')
    const box = document.querySelector('.sc-form__reason textarea')!
    const labels = Array.from(document.querySelectorAll('.sc-form__label')).map((l) => (l.textContent ?? '').trim())
    expect(fieldName(box)).not.toBe('')
    expect(labels).toContain(fieldName(box))
    expect(fieldName(box)).not.toBe(box.getAttribute('placeholder'))
    // (the page may be mounted twice: each form's ids are its own)
    expect(fieldByName(fieldName(box), box.closest('.sc-form')!)).toBe(box)
  })

  it('supply centre apply: reason required and at most 200 characters, terms agreed, a 409 shown with the typed values kept, then the pending request', async () => {
    logIn()
    let conflict = true
    const calls = stubApi(
      common({
        'GET /sc/getSupplyCenter': [],
        'GET /sc/options': scOptions,
        'GET /sc/requests': [],
        'POST /notification/unread': null,
        'POST /sc/apply': (c: StubCall) =>
          conflict
            ? {
                status: 409,
                body: { success: false, code: 'CONFLICT', message: 'A request is already pending', statusCode: 409 },
              }
            : {
                requestId: 'SCR-1',
                kind: 'apply',
                shipToNum: c.data.shipToNum,
                supplyCenterId: c.data.supplyCenterId,
                reason: c.data.reason,
                status: 'PENDING',
                submittedAt: '2026-11-20T02:00:00Z',
                reviewDueBy: '2026-11-23T02:00:00Z',
              },
      }),
    )
    const applies = () => calls.filter((c) => c.path === '/sc/apply')
    await openPage('packages/account/supply-centre/index')
    await waitText('Apply for a supply centre')
    // the ACTIVE ship-tos with an account number; the default one chosen first
    expect(qa('.sc-form__shipto .sc-form__choice-title').map((e) => e.textContent)).toEqual(['1000002', '1000001'])
    await waitFor(
      () => q('.sc-form__choice--on.sc-form__shipto')?.textContent?.startsWith('1000001') ?? false,
      'the default ship-to chosen',
    )
    // a centre that is not Normal cannot be chosen
    qa('.sc-form__centre')[1].click()
    await sleep(20)
    expect(q('.sc-form__centre.sc-form__choice--on')).toBeNull()
    expect(qa('.sc-form__centre')[1].className).toContain('sc-form__choice--disabled')

    // empty reason, no centre, terms unchecked
    q('.sc-form__submit')!.click()
    await waitText('Reason is a required field')
    expect(text()).toContain('Please choose a supply centre')
    expect(text()).toContain('Please agree to the terms')
    expect(applies()).toHaveLength(0)

    qa('.sc-form__centre')[0].click()
    q('.sc-form__terms')!.click()
    // 201 characters: refused, the counter says so
    await typeReason('r'.repeat(201))
    expect(q('.sc-form__counter')?.textContent).toBe('201/200')
    expect(q('.sc-form__counter')?.className).toContain('sc-form__counter--over')
    q('.sc-form__submit')!.click()
    await waitText('The reason can be at most 200 characters')
    expect(applies()).toHaveLength(0)

    // terms unchecked with a good reason
    await typeReason('r'.repeat(200))
    expect(q('.sc-form__counter')?.textContent).toBe('200/200')
    expect(q('.sc-form__check')?.getAttribute('aria-checked')).toBe('true')
    q('.sc-form__terms')!.click()
    await waitFor(() => q('.sc-form__check')?.getAttribute('aria-checked') === 'false', 'terms unchecked')
    q('.sc-form__submit')!.click()
    await waitText('Please agree to the terms')
    expect(applies()).toHaveLength(0)

    // 200 characters and terms: sent; the server's 409 is shown in the user's language, nothing typed is lost
    q('.sc-form__terms')!.click()
    const reason = 'Closer to our lab in Pudong; '.padEnd(200, 'x')
    await typeReason(reason)
    q('.sc-form__submit')!.click()
    await waitText('A request for this ship-to is already waiting for review.')
    expect(applies()[0].data).toEqual({ shipToNum: '1000001', supplyCenterId: 'SC-SH-001', reason, agreeTerms: true })
    expect((document.querySelector('.sc-form__reason textarea') as HTMLTextAreaElement).value).toBe(reason)
    expect(q('.sc-form__centre.sc-form__choice--on')?.textContent).toContain('Shanghai SC')
    expect(q('.sc-form__check')?.getAttribute('aria-checked')).toBe('true')

    // accepted: the pending request, "review up to 1 business day", its reviewDueBy in China time
    conflict = false
    q('.sc-form__submit')!.click()
    await waitText('Request submitted')
    expect(text()).toContain('Your request is pending, with review up to 1 business day.')
    expect(text()).toContain('Review due by 2026-11-23 10:00')
    expect(qa('.sc-requests__item')).toHaveLength(1)
    expect(q('.sc-requests__status')?.textContent).toBe('Pending review')
  })

  it('persona: GET /persona empty → the fallback GET /persona/getDSPersona is shown; edit with option chips and save', async () => {
    logIn()
    const options = {
      roles: [
        { code: 'researcher', label: 'Researcher' },
        { code: 'buyer', label: 'Purchasing' },
      ],
      industries: [
        { code: 'academia', label: 'Academia' },
        { code: 'pharma', label: 'Pharma' },
      ],
      interestAreas: [
        { code: 'flow', label: 'Flow cytometry' },
        { code: 'pcr', label: 'PCR' },
      ],
    }
    const calls = stubApi(
      common({
        'GET /persona': { roles: [], industries: [], interestAreas: [] },
        'GET /persona/getDSPersona': { roles: ['Researcher'], industries: ['Academia'], interestAreas: ['PCR'] },
        'GET /persona/options': options,
        'POST /persona': (c: StubCall) => ({
          roles: options.roles.filter((o) => c.data.roles.includes(o.code)).map((o) => o.label),
          industries: options.industries.filter((o) => c.data.industries.includes(o.code)).map((o) => o.label),
          interestAreas: options.interestAreas.filter((o) => c.data.interestAreas.includes(o.code)).map((o) => o.label),
        }),
        'POST /notification/unread': null,
      }),
    )
    muteToasts()
    await openPage('packages/account/persona/index')
    await waitText('Suggested for your account')
    expect(qa('.persona__value').map((e) => e.textContent)).toEqual(['Researcher', 'Academia', 'PCR'])
    expect(calls.find((c) => c.path === '/persona')!.header.languagecode).toBe('en')
    expect(calls.some((c) => c.path === '/persona/getDSPersona')).toBe(true)

    q('.persona__edit')!.click()
    await waitFor(() => qa('.persona__option').length === 6, 'the option chips')
    expect(qa('.persona__chip--on').map((e) => e.textContent)).toEqual(['Researcher', 'Academia', 'PCR'])
    qa('.persona__option')[1].click() // + Purchasing
    await sleep(20)
    qa('.persona__option')[5].click() // - PCR
    await sleep(20)
    qa('.persona__option')[4].click() // + Flow cytometry
    await sleep(20)
    q('.persona__save')!.click()
    await waitFor(() => !q('.persona__save'), 'saved')
    expect(calls.find((c) => c.method === 'POST' && c.path === '/persona')!.data).toEqual({
      roles: ['researcher', 'buyer'],
      industries: ['academia'],
      interestAreas: ['flow'],
    })
    expect(qa('.persona__value').map((e) => e.textContent)).toEqual([
      'Researcher',
      'Purchasing',
      'Academia',
      'Flow cytometry',
    ])
    expect(text()).not.toContain('Suggested for your account')
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Your interests are saved' }))
  })

  it('persona: GET /persona failing also falls back to getDSPersona', async () => {
    logIn()
    stubApi(
      common({
        'GET /persona': fail(500),
        'GET /persona/getDSPersona': { roles: ['Researcher'], industries: [], interestAreas: [] },
        'GET /persona/options': { roles: [], industries: [], interestAreas: [] },
        'POST /notification/unread': null,
      }),
    )
    await openPage('packages/account/persona/index')
    await waitText('Researcher')
    expect(text()).toContain('Nothing chosen yet')
  })

  const frameSrc = () => new URL((q('.chat-widget__frame') as HTMLIFrameElement).getAttribute('src')!)

  it('chat from a product page: the section 7 payload in the widget address; the card truncates the description to 40 characters and uses -150.jpg', async () => {
    logIn()
    const description = 'Mouse monoclonal antibody against human CD3 epsilon, clone OKT3, for flow cytometry'
    const calls = stubApi(
      common({ 'GET /chat/config': { widgetUrl: 'http://api.test/__chat' }, 'POST /notification/unread': null }),
    )
    await openPage('packages/service/chat/index', {
      from: '/product-details/Anti-CD3/MA1-10175',
      catalogNumber: 'MA1-10175',
      title: 'Anti-CD3 Antibody',
      description,
      image: '/media/products/MA1-10175',
    })
    await waitFor(() => !!q('.chat-widget__frame'), 'the chat widget')
    const p = frameSrc().searchParams
    expect(frameSrc().origin + frameSrc().pathname).toBe('http://api.test/__chat')
    expect({
      employeeId: p.get('employeeId'),
      email: p.get('email'),
      name: p.get('name'),
      analyticsId: p.get('analyticsId'),
      location: p.get('location'),
      country: p.get('country'),
      phone: p.get('phone'),
      company: p.get('company'),
    }).toEqual({ ...APPROVED_CN_CHAT_PAYLOAD, employeeId: USER_ID })
    expect(p.get('productDescription')).toBe(`${description.slice(0, 40)}...`)
    expect(p.get('productImage')).toBe('http://api.test/media/products/MA1-10175-150.jpg')
    expect(q('.chat-card__description')?.textContent).toBe(`${description.slice(0, 40)}...`)
    expect((q('.chat-card__image img') ?? q('.chat-card__image'))!.getAttribute('src')).toBe(
      'http://api.test/media/products/MA1-10175-150.jpg',
    )
    expect(calls.some((c) => c.path === '/chat/config')).toBe(true)
    // where a browser blocks the frame, a real link opens the same widget in a window of its own
    const outside = q('a.chat-widget__outside') as HTMLAnchorElement
    expect(outside.getAttribute('href')).toBe(frameSrc().toString())
    expect(outside.getAttribute('target')).toBe('_blank')
    expect(outside.getAttribute('rel')).toContain('noopener')
  })

  it("chat for a visitor: the anonymous payload with the _ga cookie's client id; no widget configured → said honestly", async () => {
    document.cookie = '_ga=GA1.2.424242.1767225600; path=/'
    let widgetUrl: string | null = 'https://chat.example/h5?sys=1'
    stubApi(common({ 'GET /chat/config': () => ({ widgetUrl }) }))
    await openPage('packages/service/chat/index', { from: '/home' })
    await waitFor(() => !!q('.chat-widget__frame'), 'the chat widget')
    const p = frameSrc().searchParams
    expect(Object.fromEntries(p.entries())).toEqual({
      sys: '1',
      analyticsId: '424242.1767225600',
      location: '/home',
      country: 'cn',
    })
    expect(q('.chat-card')).toBeNull()
    widgetUrl = null
    await openPage('packages/service/chat/index')
    await waitText('Online chat is not available right now.')
  })

  it('chat opens at once while the analytics id is polled; the id joins the payload when read (issue 8, section 7 poll)', async () => {
    document.cookie = '_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
    stubApi(common({ 'GET /chat/config': { widgetUrl: 'https://chat.example/h5' } }))
    const opened = Date.now()
    await openPage('packages/service/chat/index', { from: '/home' })
    await waitFor(() => !!q('.chat-widget__frame'), 'the chat widget')
    expect(Date.now() - opened).toBeLessThan(1000) // not after 30 tries of 1 s
    expect(frameSrc().searchParams.get('analyticsId')).toBeNull()
    expect(text()).not.toContain('Connecting')
    // the analytics script sets its cookie a moment later: the next try reads it
    document.cookie = '_ga=GA1.2.777.1767225600; path=/'
    await waitFor(() => frameSrc().searchParams.get('analyticsId') === '777.1767225600', 'the id in the payload', 2500)
    document.cookie = '_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  })

  it("the header's chat icon opens the chat with the page it was opened from", async () => {
    stubApi(common())
    await openPage('pages/home/index')
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    const icon = qa('.app-header__icon').find(
      (e) => e.getAttribute('aria-label') === 'Online chat' || e.getAttribute('aria-label') === 'Chat',
    )
    expect(icon).toBeTruthy()
    icon!.click()
    expect(nav).toHaveBeenCalledWith({ url: '/packages/service/chat/index?from=%2Fhome' })
  })
})
