import { useLocale } from '../../src/store/locale'
import { useSession } from '../../src/store/auth/session'
import { useEnquiries } from '../../src/store/order/enquiries'
import { useOrderConfirm } from '../../src/store/order/confirm'
import { stubApi, openPage, q, qa, text, waitText, waitFor, type StubCall } from './product-api-stub'
import { logIn, muteToasts, signedInRoutes, click, screenTests } from './screen-setup'
import type { EnquiryDetail, EnquirySummary, Confirmation } from '../../types'

/**
 * Requests and enquiries and the order confirmation page (issue 12), rendered by the real app shell;
 * Taro.request stubbed at the API-client boundary only.
 * Spec §2: "An info tooltip beside the title 'My request' explains online chat queries."
 * Spec §3: "Interaction: status, comments, attachments." §8: "Interaction: limit reached, no permission,
 * does not exist"; "Order confirmation link expired; order confirmed, cancelled or not found; confirmation failed".
 */
jest.setTimeout(30000)

const envelope = (status: number, message: string, reason: string) => ({
  status,
  body: { success: false, code: 'CONFLICT', message, reason, statusCode: status },
})

const summary = (over: Partial<EnquirySummary> = {}): EnquirySummary => ({
  requestId: 'RQ-D00002',
  kind: 'quote',
  status: 'in_progress',
  interactionStatus: 'approved',
  createdAt: '2026-11-10T02:00:00.000Z',
  itemCount: 3,
  firstItemName: 'Anti-GAPDH antibody',
  interactionCount: 2,
  ...over,
})
const detail = (over: Partial<EnquiryDetail> = {}): EnquiryDetail => ({
  requestId: 'RQ-D00002',
  kind: 'quote',
  status: 'in_progress',
  interactionStatus: 'approved',
  createdAt: '2026-11-10T02:00:00.000Z',
  contactName: 'Wang',
  companyOrInstitution: 'Shanghai Lab',
  city: 'Shanghai',
  remark: null,
  items: [{ catalogNumber: 'MA1-10175', itemName: 'Anti-GAPDH antibody', itemCount: 2 }],
  interactions: [
    {
      id: 1,
      author: 'staff',
      status: 'pending',
      comment: 'We received your request.',
      attachments: [],
      createdAt: '2026-11-10T05:00:00.000Z',
    },
    {
      id: 2,
      author: 'staff',
      status: 'approved',
      comment: 'Quote approved, see the file.',
      attachments: [{ name: 'Quotation.pdf', url: null }],
      createdAt: '2026-11-12T05:00:00.000Z',
    },
  ],
  customerComments: 0,
  commentLimit: 20,
  canComment: true,
  ...over,
})

describe("enquiries: the My request list and a request's detail", () => {
  screenTests(() => {
    useEnquiries.getState().reset()
  })

  it('list: the title "My request" with its info button explaining online chat queries; one row per request', async () => {
    logIn()
    stubApi(
      signedInRoutes({
        'GET /request/list': [
          summary(),
          summary({
            requestId: 'RQ-D00001',
            kind: 'lead',
            status: 'pending',
            interactionStatus: 'pending',
            firstItemName: 'Buffer',
          }),
        ],
      }),
    )
    await openPage('packages/order/enquiries/index')
    await waitFor(() => qa('.rq-row').length === 2, 'two rows')
    expect(q('.rq-title__text')!.textContent).toBe('My request')
    const info = q('.rq-title__info')!
    expect(info.getAttribute('role')).toBe('button')
    expect(info.getAttribute('aria-label')).toBe('About My request')
    expect(text()).not.toContain('online chat')
    click(info)
    await waitText('Questions you ask our customer service in online chat')
    expect(q('.rq-title__tooltip')!.getAttribute('role')).toBe('tooltip')
    const first = qa('.rq-row')[0]
    expect(first.textContent).toContain('Request RQ-D00002')
    expect(first.textContent).toContain('Approved')
    expect(first.getAttribute('href')).toContain('RQ-D00002')
  })

  it('list: an empty state', async () => {
    logIn()
    stubApi(signedInRoutes({ 'GET /request/list': [] }))
    await openPage('packages/order/enquiries/index')
    await waitText('You have no requests yet.')
  })

  it('detail: status, items, history with comments and attachments; a comment is sent and shown', async () => {
    logIn()
    const calls: StubCall[] = stubApi(
      signedInRoutes({
        'GET /request/detail/RQ-D00002': detail(),
        'POST /request/RQ-D00002/comment': (c: StubCall) => ({
          id: 3,
          author: 'customer',
          status: 'approved',
          comment: c.data.comment,
          attachments: [],
          createdAt: '2026-11-13T05:00:00.000Z',
        }),
      }),
    )
    await openPage('packages/order/enquiry-detail/index', { requestId: 'RQ-D00002' })
    await waitText('Interaction history')
    expect(qa('.rqd-entry').length).toBe(2)
    expect(text()).toContain('Quote approved, see the file.')
    expect(q('.rqd-entry__file')!.textContent).toContain('Quotation.pdf')
    expect(text()).toContain('Anti-GAPDH antibody')
    expect(text()).toContain('0 of 20 comments used')
    click(q('.rqd-comment__send'))
    await waitText('Please enter a comment')
    useEnquiries.getState().setDraft('Could you ship by Friday?')
    await waitFor(() => !text().includes('Please enter a comment'), 'the error clears')
    click(q('.rqd-comment__send'))
    await waitFor(() => qa('.rqd-entry').length === 3, 'the comment is in the history')
    expect(calls.find((c) => c.path === '/request/RQ-D00002/comment')!.data).toEqual({
      comment: 'Could you ship by Friday?',
    })
    expect(q('.rqd-entry--customer')!.textContent).toContain('Could you ship by Friday?')
    expect(text()).toContain('1 of 20 comments used')
  })

  it('detail: "limit reached" from the server is shown and the box closes; a closed request says "no permission"; another\'s request "does not exist"', async () => {
    logIn()
    stubApi(
      signedInRoutes({
        'GET /request/detail/RQ-D00002': detail({ customerComments: 19 }),
        'POST /request/RQ-D00002/comment': envelope(
          409,
          'You have reached the limit of 20 comments on this request',
          'INTERACTION_LIMIT_REACHED',
        ),
        'GET /request/detail/RQ-D00003': detail({ requestId: 'RQ-D00003', status: 'completed', canComment: false }),
        'GET /request/detail/RQ-000777': envelope(404, 'This request does not exist', 'REQUEST_NOT_FOUND'),
      }),
    )
    await openPage('packages/order/enquiry-detail/index', { requestId: 'RQ-D00002' })
    await waitText('19 of 20 comments used')
    useEnquiries.getState().setDraft('one more')
    click(q('.rqd-comment__send'))
    await waitText('You have reached the limit of 20 comments on this request')
    expect(q('.rqd-comment__error')!.getAttribute('role')).toBe('alert')
    await waitFor(() => q('.rqd-comment__send') === null, 'the send button goes')

    await openPage('packages/order/enquiry-detail/index', { requestId: 'RQ-D00003' })
    await waitText('This request is closed: you have no permission to add comments')
    expect(q('.rqd-comment__input')).toBeNull()

    await openPage('packages/order/enquiry-detail/index', { requestId: 'RQ-000777' })
    await waitText('This request does not exist')
  })
})

describe('order confirmation page', () => {
  const pending = (over: Partial<Confirmation> = {}): Confirmation => ({
    state: 'pending',
    kind: 'preorder',
    expiresAt: '2026-11-24T10:00:00.000Z',
    order: {
      orderNumber: '5000123',
      createdAt: '2026-11-23T10:00:00.000Z',
      currency: 'CNY',
      total: 1234.5,
      lines: [{ catalogNumber: 'MA1-10175', productTitle: 'Anti-GAPDH antibody', quantity: 2 }],
    },
    ...over,
  })
  beforeEach(() => {
    localStorage.clear()
    useLocale.setState({ language: 'en', country: 'cn' })
    useSession.setState({ status: 'FETCHING_USER_NO', userInfo: null })
    useOrderConfirm.setState({ token: null, view: 'loading', data: null, error: null, busy: false })
    muteToasts()
  })
  afterEach(() => jest.restoreAllMocks())

  it('pending pre-order (no login): the order, the 24-hour window, Confirm → "confirmed"', async () => {
    const calls = stubApi(
      signedInRoutes({
        'GET /order/confirm/tok1': pending(),
        'POST /order/confirm/tok1': {
          state: 'confirmed',
          kind: 'preorder',
          expiresAt: '2026-11-24T10:00:00.000Z',
          order: null,
        },
      }),
    )
    await openPage('packages/order/order-confirm/index', { token: 'tok1' })
    await waitText('Please confirm this pre-order within 24 hours')
    expect(text()).toContain('Order 5000123')
    expect(q('.oc-confirm')!.getAttribute('role')).toBe('button')
    click(q('.oc-confirm'))
    await waitText('Your order has been confirmed.')
    expect(calls.find((c) => c.path === '/order/confirm/tok1' && c.method === 'POST')!.data).toEqual({
      action: 'confirm',
    })
  })

  it.each([
    ['expired', 'This order confirmation link has expired.'],
    ['cancelled', 'This order has been cancelled or could not be found.'],
    ['failed', 'The confirmation failed. Please contact customer service.'],
    ['confirmed', 'Your order has been confirmed.'],
  ] as const)('state %s shows its message', async (state, message) => {
    stubApi(
      signedInRoutes({
        'GET /order/confirm/tok2': { state, kind: 'order', expiresAt: '2026-11-24T10:00:00.000Z', order: null },
      }),
    )
    await openPage('packages/order/order-confirm/index', { token: 'tok2' })
    await waitText(message)
    expect(q(`.oc-message--${state}`)).not.toBeNull()
  })

  it('an unknown link: "cancelled or not found"', async () => {
    stubApi(
      signedInRoutes({
        'GET /order/confirm/nope': envelope(
          404,
          'This order has been cancelled or could not be found',
          'CONFIRMATION_NOT_FOUND',
        ),
      }),
    )
    await openPage('packages/order/order-confirm/index', { token: 'nope' })
    await waitText('This order has been cancelled or could not be found.')
    expect(q('.oc-message--notFound')).not.toBeNull()
  })
})
