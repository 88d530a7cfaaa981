import {
  useHistory,
  readLocalHistory,
  addLocalVisit,
  filterLocal,
  rangeDates,
  LOCAL_HISTORY_KEY,
  LOCAL_HISTORY_MAX,
  type LocalVisit,
} from '../../src/store/engagement/history'
import { useSession } from '../../src/store/auth/session'
import { useLocale } from '../../src/store/locale'
import { storage } from '../../src/platform/storage'
import { stubApi, fail, sleep } from './product-api-stub'

/**
 * Browsing history: the screen the spec names ("browsing history (tabs and a date filter)"); views
 * of a visitor are kept on the device and joined to the account once the session has a user
 * (spec section 4: session status "FETCHING_USER_NO, then FETCHING_USER, then USER_FETCHED").
 */
const USER = { userId: 'U-7f3a9c21', userName: 'approved.cn' }
const visit = (id: string, viewedAt: string, kind: 'product' | 'content' = 'product'): LocalVisit => ({
  kind,
  id,
  title: `Item ${id}`,
  subtitle: '',
  image: null,
  link: { route: 'productDetails', params: { catalogNumber: id } },
  viewedAt,
})
const seedLocal = (list: LocalVisit[]) => storage.set(LOCAL_HISTORY_KEY, JSON.stringify(list))

describe('browsing history', () => {
  beforeEach(() => {
    localStorage.clear()
    useLocale.setState({ language: 'en', country: 'cn' })
    useSession.setState({ status: 'USER_FETCHED', userInfo: null })
    useHistory.setState({ items: [], total: 0, page: 0, status: 'idle', query: null, merging: false })
  })
  afterEach(() => jest.restoreAllMocks())

  it("a visitor's views stay on the device: newest first, one entry per item, the last 100", async () => {
    const calls = stubApi({})
    for (let i = 0; i < 105; i++)
      await useHistory.getState().record({
        kind: 'product',
        id: `P-${i}`,
        title: `P ${i}`,
        subtitle: '',
        image: null,
        link: { route: 'productDetails', params: {} },
      })
    await useHistory.getState().record({
      kind: 'product',
      id: 'P-50',
      title: 'again',
      subtitle: '',
      image: null,
      link: { route: 'productDetails', params: {} },
    })
    const local = readLocalHistory()
    expect(local).toHaveLength(LOCAL_HISTORY_MAX)
    expect(local[0].id).toBe('P-50')
    expect(local.filter((v) => v.id === 'P-50')).toHaveLength(1)
    expect(local.map((v) => v.id)).not.toContain('P-4')
    expect(calls).toHaveLength(0)
  })

  it("a logged-in user's view is recorded on the server (POST /history/record)", async () => {
    useSession.setState({ userInfo: { userProfile: USER } as never })
    const calls = stubApi({ 'POST /history/record': { ok: true }, 'POST /history/merge': { merged: 0 } })
    await useHistory.getState().record({
      kind: 'content',
      id: '42',
      title: 'A protocol',
      subtitle: '',
      image: null,
      link: { route: 'contentDetail', params: { id: '42' } },
    })
    const rec = calls.find((c) => c.path === '/history/record')!
    expect(rec.data).toEqual({ kind: 'content', id: '42' })
    expect(readLocalHistory()).toEqual([])
  })

  it("merges the device's history once the session reaches USER_FETCHED with a user, then clears it", async () => {
    seedLocal([visit('MA1-1', '2026-11-20T10:00:00.000Z'), visit('7', '2026-11-19T10:00:00.000Z', 'content')])
    const calls = stubApi({ 'POST /history/merge': { merged: 2 } })
    useSession.setState({ status: 'FETCHING_USER', userInfo: null })
    await sleep(0)
    expect(calls).toHaveLength(0) // not while the user is being fetched
    useSession.setState({ status: 'USER_FETCHED', userInfo: { userProfile: USER } as never })
    await sleep(10)
    const merges = calls.filter((c) => c.path === '/history/merge')
    expect(merges).toHaveLength(1)
    expect(merges[0].data).toEqual({
      visits: [
        { kind: 'product', id: 'MA1-1', viewedAt: '2026-11-20T10:00:00.000Z' },
        { kind: 'content', id: '7', viewedAt: '2026-11-19T10:00:00.000Z' },
      ],
    })
    expect(readLocalHistory()).toEqual([])
  })

  it("a failed merge keeps the device's history for the next try", async () => {
    seedLocal([visit('MA1-1', '2026-11-20T10:00:00.000Z')])
    stubApi({ 'POST /history/merge': fail(500) })
    useSession.setState({ status: 'USER_FETCHED', userInfo: { userProfile: USER } as never })
    await sleep(10)
    expect(readLocalHistory().map((v) => v.id)).toEqual(['MA1-1'])
    expect(useHistory.getState().merging).toBe(false)
  })

  it('an anonymous session does not merge', async () => {
    seedLocal([visit('MA1-1', '2026-11-20T10:00:00.000Z')])
    const calls = stubApi({})
    useSession.setState({ status: 'FETCHING_USER' })
    useSession.setState({ status: 'USER_FETCHED', userInfo: null })
    await sleep(10)
    expect(calls).toHaveLength(0)
    expect(readLocalHistory()).toHaveLength(1)
  })

  it('date filter: today, last 7 days, last 30 days and a custom from/to, on calendar days', () => {
    const now = new Date(2026, 10, 22, 15, 0, 0) // 22 Nov 2026, local time
    expect(rangeDates({ kind: 'today' }, now)).toEqual({ from: '2026-11-22', to: '2026-11-22' })
    expect(rangeDates({ kind: 'last7' }, now)).toEqual({ from: '2026-11-16', to: '2026-11-22' })
    expect(rangeDates({ kind: 'last30' }, now)).toEqual({ from: '2026-10-24', to: '2026-11-22' })
    expect(rangeDates({ kind: 'custom', from: '2026-11-10', to: '2026-11-01' }, now)).toEqual({
      from: '2026-11-01',
      to: '2026-11-10',
    })
    expect(rangeDates({ kind: 'custom', from: null, to: '2026-11-01' }, now)).toEqual({ to: '2026-11-01' })
    expect(rangeDates({ kind: 'all' }, now)).toEqual({})
    const local = [
      visit('today', new Date(2026, 10, 22, 9).toISOString()),
      visit('week', new Date(2026, 10, 17, 9).toISOString()),
      visit('old', new Date(2026, 9, 1, 9).toISOString()),
      visit('article', new Date(2026, 10, 22, 9).toISOString(), 'content'),
    ]
    expect(filterLocal(local, 'product', { kind: 'today' }, now).map((v) => v.id)).toEqual(['today'])
    expect(filterLocal(local, 'product', { kind: 'last7' }, now).map((v) => v.id)).toEqual(['today', 'week'])
    expect(filterLocal(local, 'product', { kind: 'all' }, now).map((v) => v.id)).toEqual(['today', 'week', 'old'])
    expect(filterLocal(local, 'content', { kind: 'today' }, now).map((v) => v.id)).toEqual(['article'])
  })

  it("the list: a visitor sees the device's history; a user the server's, asked for with kind and dates", async () => {
    seedLocal([visit('MA1-1', new Date().toISOString())])
    await useHistory.getState().list('product', { kind: 'today' })
    expect(useHistory.getState().items.map((i) => i.id)).toEqual(['MA1-1'])
    expect(useHistory.getState().query?.source).toBe('local')

    const calls = stubApi({
      'GET /history/list': {
        items: [
          {
            kind: 'product',
            id: 'MA5-2',
            title: 'Server item',
            subtitle: '',
            image: null,
            link: { route: 'productDetails', params: {} },
            viewedAt: '2026-11-20T01:00:00Z',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      },
      'POST /history/merge': { merged: 1 },
    })
    useSession.setState({ userInfo: { userProfile: USER } as never })
    await useHistory.getState().list('product', { kind: 'custom', from: '2026-11-01', to: '2026-11-21' })
    const req = calls.find((c) => c.path === '/history/list')!
    expect(req.query).toEqual({ kind: 'product', from: '2026-11-01', to: '2026-11-21', page: '1', pageSize: '20' })
    expect(useHistory.getState().items.map((i) => i.id)).toEqual(['MA5-2'])
  })

  it('addLocalVisit moves a viewed item to the top', () => {
    const list = [visit('a', '2026-01-01T00:00:00Z'), visit('b', '2026-01-02T00:00:00Z')]
    expect(
      addLocalVisit(list, visit('b', '2026-01-03T00:00:00Z')).map((v) => `${v.id}@${v.viewedAt.slice(0, 10)}`),
    ).toEqual(['b@2026-01-03', 'a@2026-01-01'])
  })
})
