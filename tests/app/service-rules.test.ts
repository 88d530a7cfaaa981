import { READ_IDS_MAX, addReadIds, parseReadIds } from '../../src/rules/account/notification-read'
import {
  ANALYTICS_POLL_MS,
  ANALYTICS_POLL_TRIES,
  analyticsIdFromCookie,
  analyticsIdFromGlobal,
  buildChatPayload,
  chatLocation,
  chatProductOf,
  chatProductCard,
  chatWidgetAddress,
  chatWidgetSrc,
  normalizeAnalyticsId,
  pollAnalyticsId,
  truncateDescription,
} from '../../src/rules/service/chat'
import {
  SC_REASON_MAX,
  activeCentreFor,
  applicableShipTos,
  isActiveSupplyCenter,
  validateApply,
} from '../../src/store/account/supply-centre'
import { selectedCodes, toggleCode } from '../../src/store/account/persona'
import { approvedCnWithShipTos } from './service-fixtures'
import { APPROVED_CN_CHAT_PAYLOAD } from '../support/chat-payload'

describe('notification read ids (spec section 3: "Notification read-state is kept locally, as a list of read ids")', () => {
  it('adds ids, moves a re-read id to the newest end, never twice', () => {
    expect(addReadIds([], ['n1'])).toEqual(['n1'])
    expect(addReadIds(['n1', 'n2'], ['n1'])).toEqual(['n2', 'n1'])
    expect(addReadIds(['n1'], ['n2', 'n3', 'n2'])).toEqual(['n1', 'n2', 'n3'])
    expect(addReadIds(['n1'], [''])).toEqual(['n1'])
  })

  it(`is bounded: the last ${READ_IDS_MAX} ids are kept, the oldest dropped first`, () => {
    const full = Array.from({ length: READ_IDS_MAX }, (_, i) => `n${i}`)
    const next = addReadIds(full, ['new-1', 'new-2'])
    expect(next).toHaveLength(READ_IDS_MAX)
    expect(next[0]).toBe('n2')
    expect(next.slice(-2)).toEqual(['new-1', 'new-2'])
    expect(
      addReadIds(
        [],
        Array.from({ length: 700 }, (_, i) => `m${i}`),
      ),
    ).toHaveLength(READ_IDS_MAX)
  })

  it('reads back what was stored; anything unreadable counts as nothing read', () => {
    expect(parseReadIds(JSON.stringify(['a', 'b']))).toEqual(['a', 'b'])
    expect(parseReadIds(null)).toEqual([])
    expect(parseReadIds('{oops')).toEqual([])
    expect(parseReadIds(JSON.stringify({ a: 1 }))).toEqual([])
    expect(parseReadIds(JSON.stringify(['a', 3, null, '']))).toEqual(['a'])
  })
})

describe('chat payload (spec section 7: "a payload of employee id, email, name, analytics id, location, country, phone and company")', () => {
  it('a logged-in user: userId as employee id, email, name family-name first for Chinese, default ship-to company and phone', () => {
    const p = buildChatPayload({
      user: approvedCnWithShipTos(),
      location: '/product-details/Anti-CD3/MA1-10175',
      country: 'cn',
      analyticsId: '1000001.1767225600',
    })
    expect(p).toEqual(APPROVED_CN_CHAT_PAYLOAD)
  })

  it('an anonymous visitor gets the anonymous payload: only analytics id, location and country', () => {
    expect(buildChatPayload({ user: null, location: '/home', country: 'in', analyticsId: null })).toEqual({
      employeeId: '',
      email: '',
      name: '',
      analyticsId: '',
      location: '/home',
      country: 'in',
      phone: '',
      company: '',
    })
  })

  it('the chat opens without waiting for the analytics id poll (issue 8); the polled id joins the payload when read', () => {
    const base = {
      widgetUrl: 'https://chat.example/h5',
      sessionKnown: true,
      location: '/home',
      country: 'cn',
      polledAnalyticsId: null,
    }
    const id = (src: string | null) => new URL(src!).searchParams.get('analyticsId')
    // not before the widget address and the session are known
    expect(chatWidgetSrc({ ...base, widgetUrl: undefined, user: null })).toBeNull()
    expect(chatWidgetSrc({ ...base, sessionKnown: false, user: null })).toBeNull()
    // a visitor before the poll has read an id: open, without one
    expect(id(chatWidgetSrc({ ...base, user: null }))).toBeNull()
    expect(id(chatWidgetSrc({ ...base, user: null, polledAnalyticsId: '777.1' }))).toBe('777.1')
    // a logged-in user: the account's analyticsClientId meanwhile
    expect(id(chatWidgetSrc({ ...base, user: approvedCnWithShipTos() }))).toBe('1000001.1767225600')
  })

  it('the widget address carries the payload URL-encoded, empty fields left out, the card after it', () => {
    const p = buildChatPayload({ user: null, location: '/search?keyword=a&b', country: 'cn', analyticsId: null })
    const card = chatProductCard({
      catalogNumber: 'MA1-10175',
      title: 'Anti-CD3 & co',
      description: 'short',
      image: '/media/products/MA1-10175',
    })
    const url = chatWidgetAddress('https://chat.example/h5?sys=1', p, card)
    expect(url.startsWith('https://chat.example/h5?sys=1&location=')).toBe(true)
    const q = new URL(url).searchParams
    expect(q.get('location')).toBe('/search?keyword=a&b')
    expect(q.get('country')).toBe('cn')
    expect(q.has('employeeId')).toBe(false)
    expect(q.get('productTitle')).toBe('Anti-CD3 & co')
    expect(q.get('productImage')).toBe('/media/products/MA1-10175-150.jpg')
  })

  it('location: the spec address of the page the chat was opened from', () => {
    expect(
      chatLocation('packages/catalog/product-details/index', {
        title: 'Anti-CD3',
        catalogNumber: 'MA1-10175',
        $taroTimestamp: '1',
      }),
    ).toBe('/product-details/Anti-CD3/MA1-10175')
    expect(chatLocation('pages/home/index')).toBe('/home')
    expect(chatLocation(undefined)).toBe('')
  })
})

describe('analytics client id', () => {
  it('GA1.2.x.y → x.y, from the _ga cookie, a global analytics object or the stored id', () => {
    expect(normalizeAnalyticsId('GA1.2.1000001.1767225600')).toBe('1000001.1767225600')
    expect(normalizeAnalyticsId('  ')).toBeNull()
    expect(analyticsIdFromCookie('a=1; _ga=GA1.2.42.1700000000; _gid=x')).toBe('42.1700000000')
    expect(analyticsIdFromCookie('a=1')).toBeNull()
    expect(analyticsIdFromGlobal({ getAll: () => [{ get: (k: string) => (k === 'clientId' ? '7.8' : null) }] })).toBe(
      '7.8',
    )
    expect(analyticsIdFromGlobal(undefined)).toBeNull()
  })

  describe('"The analytics client id is polled every 1 second, up to 30 times."', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())

    it('reads every 1000 ms, 30 times in all, then gives up with null (the chat opens without it)', async () => {
      expect(ANALYTICS_POLL_MS).toBe(1000)
      expect(ANALYTICS_POLL_TRIES).toBe(30)
      const read = jest.fn(() => null)
      let result: string | null | undefined
      pollAnalyticsId(read).result.then((v) => {
        result = v
      })
      expect(read).toHaveBeenCalledTimes(1)
      jest.advanceTimersByTime(999)
      expect(read).toHaveBeenCalledTimes(1)
      jest.advanceTimersByTime(1)
      expect(read).toHaveBeenCalledTimes(2)
      jest.advanceTimersByTime(27_000)
      expect(read).toHaveBeenCalledTimes(29)
      await Promise.resolve()
      expect(result).toBeUndefined()
      jest.advanceTimersByTime(1000)
      expect(read).toHaveBeenCalledTimes(30)
      await Promise.resolve()
      expect(result).toBeNull()
      jest.advanceTimersByTime(60_000)
      expect(read).toHaveBeenCalledTimes(30)
    })

    it('stops at the first value', async () => {
      let n = 0
      const read = jest.fn(() => (++n === 4 ? '42.17' : null))
      const handle = pollAnalyticsId(read)
      jest.advanceTimersByTime(3000)
      await expect(handle.result).resolves.toBe('42.17')
      jest.advanceTimersByTime(30_000)
      expect(read).toHaveBeenCalledTimes(4)
    })

    it('stop() ends the wait at once', async () => {
      const read = jest.fn(() => null)
      const handle = pollAnalyticsId(read)
      jest.advanceTimersByTime(2000)
      handle.stop()
      await expect(handle.result).resolves.toBeNull()
      jest.advanceTimersByTime(30_000)
      expect(read).toHaveBeenCalledTimes(3)
    })
  })
})

describe('chat card (spec section 9: "short description truncated to 40 characters; image suffix -150.jpg")', () => {
  it('keeps 40 characters (whole characters, Chinese too) and marks the cut', () => {
    const long = 'Mouse monoclonal antibody against human CD3 epsilon, clone OKT3'
    expect(truncateDescription(long)).toBe(`${long.slice(0, 40)}...`)
    expect(truncateDescription('x'.repeat(40))).toBe('x'.repeat(40))
    const zh = '这是一种针对人类CD3的小鼠单克隆抗体，适用于流式细胞术、免疫组化和功能实验等多种应用场景。'
    expect(truncateDescription(zh)).toBe(`${Array.from(zh).slice(0, 40).join('')}...`)
    expect(truncateDescription(null)).toBe('')
  })

  it('a product page hands over plain text, already cut to 40 characters (a card never re-truncates)', () => {
    const p = chatProductOf({
      catalogNumber: 'MA1-10175',
      productTitle: 'Anti-CD3',
      descriptionHtml: '<p>Mouse <b>monoclonal</b> &amp; more</p><p>' + 'x'.repeat(60) + '</p>',
      image: '/media/products/MA1-10175',
    })
    expect(p.description).toBe(`Mouse monoclonal & more ${'x'.repeat(16)}...`)
    expect(Array.from(p.description!.replace(/\.\.\.$/, ''))).toHaveLength(40)
    expect(chatProductCard(p).description).toBe(`${p.description!.slice(0, 40)}...`)
  })

  it('uses the -150.jpg image (placeholder when absent)', () => {
    expect(
      chatProductCard({ catalogNumber: 'A', title: 'T', image: '/media/products/A-650.jpg' }, 'http://api.test').image,
    ).toBe('http://api.test/media/products/A-150.jpg')
    expect(chatProductCard({ catalogNumber: 'A', title: 'T', image: null }, 'http://api.test').image).toBe(
      'http://api.test/media/placeholder.svg',
    )
    expect(chatProductCard({ catalogNumber: 'MA1-10175', title: 'Anti-CD3' }).url).toBe(
      '/product-details/Anti-CD3/MA1-10175',
    )
  })
})

describe('supply centre rules', () => {
  it('"operationStatus Normal counts as active": the default ship-to\'s Normal centre, nothing else', () => {
    expect(isActiveSupplyCenter({ operationStatus: 'Normal' })).toBe(true)
    for (const s of ['Suspended', 'normal', 'Closed', ''])
      expect(isActiveSupplyCenter({ operationStatus: s })).toBe(false)
    const list = [
      { supplyCenterId: 'SC-BJ-002', shipToNum: '1000001', operationStatus: 'Suspended' },
      { supplyCenterId: 'SC-GZ-003', shipToNum: '1000002', operationStatus: 'Normal' },
      { supplyCenterId: 'SC-SH-001', shipToNum: '1000001', operationStatus: 'Normal' },
    ]
    expect(activeCentreFor(list, '1000001')?.supplyCenterId).toBe('SC-SH-001')
    expect(activeCentreFor(list.slice(0, 2), '1000001')).toBeNull()
  })

  it('apply is for ACTIVE ship-tos with an account number only', () => {
    expect(applicableShipTos(approvedCnWithShipTos()).map((s) => s.accountNumber)).toEqual(['1000002', '1000001'])
    expect(applicableShipTos(null)).toEqual([])
  })

  it('"Supply-centre apply reason: required, at most 200 characters. Terms must be agreed."', () => {
    const options = [
      { supplyCenterId: 'SC-SH-001', name: 'Shanghai', city: '上海', operationStatus: 'Normal' },
      { supplyCenterId: 'SC-BJ-002', name: 'Beijing', city: '北京', operationStatus: 'Suspended' },
    ]
    const ok = {
      shipToNum: '1000001',
      supplyCenterId: 'SC-SH-001',
      reason: 'r'.repeat(SC_REASON_MAX),
      agreeTerms: true,
    }
    expect(SC_REASON_MAX).toBe(200)
    expect(validateApply(ok, options)).toEqual({})
    expect(validateApply({ ...ok, reason: '' }, options)).toEqual({ reason: 'acct.sc.errReasonRequired' })
    expect(validateApply({ ...ok, reason: '   ' }, options)).toEqual({ reason: 'acct.sc.errReasonRequired' })
    expect(validateApply({ ...ok, reason: 'r'.repeat(201) }, options)).toEqual({ reason: 'acct.sc.errReasonTooLong' })
    expect(validateApply({ ...ok, reason: '中'.repeat(200) }, options)).toEqual({})
    expect(validateApply({ ...ok, agreeTerms: false }, options)).toEqual({ agreeTerms: 'acct.sc.errTerms' })
    expect(validateApply({ ...ok, supplyCenterId: 'SC-BJ-002' }, options)).toEqual({
      supplyCenterId: 'acct.sc.errCentre',
    })
    expect(validateApply({ shipToNum: '', supplyCenterId: '', reason: '', agreeTerms: false }, options)).toEqual({
      shipToNum: 'acct.sc.errShipTo',
      supplyCenterId: 'acct.sc.errCentre',
      reason: 'acct.sc.errReasonRequired',
      agreeTerms: 'acct.sc.errTerms',
    })
  })
})

describe('persona choices', () => {
  const options = {
    roles: [
      { code: 'researcher', label: 'Researcher' },
      { code: 'buyer', label: 'Purchasing' },
    ],
    industries: [{ code: 'academia', label: 'Academia' }],
    interestAreas: [
      { code: 'flow', label: 'Flow cytometry' },
      { code: 'pcr', label: 'PCR' },
    ],
  }
  it("the persona's labels map to option codes; a chip toggles its code", () => {
    const body = selectedCodes({ roles: ['Purchasing'], industries: [], interestAreas: ['PCR', 'Unknown'] }, options)
    expect(body).toEqual({ roles: ['buyer'], industries: [], interestAreas: ['pcr'] })
    expect(toggleCode(body, 'roles', 'researcher').roles).toEqual(['buyer', 'researcher'])
    expect(toggleCode(body, 'interestAreas', 'pcr').interestAreas).toEqual([])
  })
})
