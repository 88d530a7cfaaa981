import { useLocale } from '../../src/store/locale'
import { useOrderRequestForm } from '../../src/store/order/requests'
import { stubApi, openPage, q, qa, text, waitText, waitFor, sleep, type StubCall } from './product-api-stub'
import { logIn, signedInRoutes, fillWhenShown, screenTests } from './screen-setup'
import { approvedCn } from './account-fixtures'

/**
 * The cancel-order request and the return or after-sales form (issue 12). Spec §3 "Return request:
 * category, sub category, contact name, phone, email, remark, files." §5 "Return files: at most 2,
 * size above 0, type and size limited." §8 "Upload: wrong type, empty or too large, failed." §9
 * "Return and cancellation follow-up: 48 hours." Rendered by the real app shell; Taro.request
 * stubbed at the API-client boundary only; files chosen through the H5 <input type=file>.
 */
jest.setTimeout(30000)

const base = (routes: Record<string, unknown> = {}) => signedInRoutes(routes, approvedCn(), {})

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6])
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 9, 9])
const fakeFile = (name: string, bytes: Uint8Array, size = bytes.length) => ({
  name,
  size,
  arrayBuffer: async () => bytes.slice().buffer,
})

/** The next file chooser answers with these files (the H5 adapter clicks a real input[type=file]). */
function chooserAnswers(...picks: ReturnType<typeof fakeFile>[][]) {
  const inputs: HTMLInputElement[] = []
  jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
    inputs.push(this)
    const files = picks.shift() ?? []
    Object.defineProperty(this, 'files', { value: files, configurable: true })
    this.dispatchEvent(new Event('change'))
  })
  return inputs
}

const result = (o: Record<string, unknown> = {}) => ({
  requestNumber: 'RR-000042',
  kind: 'return',
  orderNumber: '3200007',
  category: 'return',
  subCategory: 'damaged',
  categoryLabel: 'Return',
  subCategoryLabel: 'Damaged in transit',
  contactName: 'Xiaoming Wang',
  phone: '13800138000',
  email: 'a@example.com',
  remark: null,
  status: 'pending',
  createdAt: '2026-11-23T02:00:00.000Z',
  followUpBy: '2026-11-25T02:00:00.000Z',
  files: [],
  ...o,
})

const field = (f: string) => q(`.orq-field--${f} input, .orq-field--${f} textarea`) as HTMLInputElement | null
const fill = (app: Awaited<ReturnType<typeof openPage>>, f: string, value: string) =>
  fillWhenShown(app, () => field(f), `the ${f} field`, value)
const radio = (name: string) => qa('[role="radio"]').find((el) => el.getAttribute('aria-label') === name) ?? null
const tap = async (app: Awaited<ReturnType<typeof openPage>>, el: HTMLElement | null, what: string) => {
  if (!el) throw new Error(`no ${what}; page shows: ${text().slice(0, 300)}`)
  await app.act(async () => {
    el.click()
  })
}

/** order 3200007's return form, sent with a category, a sub-category and a phone (`what` names the categories) */
async function submitReturn(category: string, subCategory: string, what: string) {
  const app = await openPage('packages/order/order-return/index', { orderNumber: '3200007' })
  await waitFor(() => !!radio(category), what)
  await tap(app, radio(category), 'category')
  await tap(app, radio(subCategory), 'sub-category')
  await fill(app, 'phone', '13800138000')
  await tap(app, q('.orq-bar__submit'), 'submit')
}
const posts = (calls: StubCall[], suffix: string) => calls.filter((c) => c.method === 'POST' && c.path.endsWith(suffix))
const latin1 = (b: ArrayBuffer) => Array.from(new Uint8Array(b), (c) => String.fromCharCode(c)).join('')

describe('return or after-sales form and cancel-order request', () => {
  screenTests(() => {
    useOrderRequestForm.setState({ orderNumber: '', status: 'editing', result: null })
  })

  it('return form: contact prefilled; nothing is sent until category and sub-category are chosen; files checked like the server (type, content, empty, at most 2); one multipart request; the confirmation gives the number and the 48 h follow-up', async () => {
    logIn()
    const calls = stubApi(
      base({
        'POST /order/3200007/return': result({
          files: [{ fileId: 7, fileName: 'damage.jpg', mime: 'image/jpeg', size: 10 }],
        }),
      }),
    )
    const app = await openPage('packages/order/order-return/index', { orderNumber: '3200007' })
    await waitText('Order 3200007')
    // prefilled from the user (approved.cn: Xiaoming Wang, a@example.com)
    await waitFor(() => field('contactName')?.value === 'Xiaoming Wang', 'the contact name prefilled')
    expect(field('email')?.value).toBe('a@example.com')

    // submit with nothing chosen and no phone: errors, no request
    await tap(app, q('.orq-bar__submit'), 'submit')
    await waitText('Please choose a Category')
    expect(text()).toContain('Please fill in Phone')
    expect(posts(calls, '/return')).toHaveLength(0)

    // sub-categories appear for the chosen category; real radio buttons with names
    expect(radio('Damaged in transit')).toBeNull()
    await tap(app, radio('Return'), 'the Return radio')
    expect(radio('Return')?.getAttribute('aria-checked')).toBe('true')
    await tap(app, radio('Damaged in transit'), 'a sub-category')
    await fill(app, 'phone', 'call me')
    await tap(app, q('.orq-bar__submit'), 'submit')
    await waitText('Please enter a valid phone number')
    await fill(app, 'phone', '13800138000')
    await fill(app, 'remark', 'Box crushed')

    // files: a good JPEG and a "PDF" that is a JPEG inside → the second is refused (content does not match)
    const inputs = chooserAnswers(
      [fakeFile('damage.jpg', JPEG), fakeFile('note.pdf', JPEG)],
      [fakeFile('empty.png', new Uint8Array(0)), fakeFile('tool.exe', new Uint8Array([0x4d, 0x5a]))],
      [fakeFile('big.pdf', PDF, 6 * 1024 * 1024)],
      [fakeFile('delivery.pdf', PDF)],
    )
    await tap(app, q('.orq-files__add'), 'add a file')
    await waitFor(() => qa('.orq-file').length === 1, 'one file kept')
    expect(inputs[0].type).toBe('file')
    expect(inputs[0].accept).toContain('.pdf')
    expect(q('.orq-files__error')?.textContent).toBe(
      'Upload failed: wrong file type note.pdf. The content does not match the file extension',
    )
    await tap(app, q('.orq-files__add'), 'add a file')
    await waitFor(
      () => /wrong file type tool\.exe/.test(q('.orq-files__error')?.textContent ?? ''),
      'the wrong type refused',
    )
    expect(qa('.orq-file')).toHaveLength(1) // the empty one was refused too
    await tap(app, q('.orq-files__add'), 'add a file')
    await waitFor(
      () => /big\.pdf is empty or too large/.test(q('.orq-files__error')?.textContent ?? ''),
      'the oversized file refused',
    )
    await tap(app, q('.orq-files__add'), 'add a file')
    await waitFor(() => qa('.orq-file').length === 2, 'two files')
    // at most 2: no more "Add a file"
    expect(q('.orq-files__add')).toBeNull()
    // remove one (a named button), then it can be added again
    const remove = qa('.orq-file__remove').find((el) => el.getAttribute('aria-label') === 'Remove delivery.pdf')
    await tap(app, remove ?? null, 'remove delivery.pdf')
    expect(qa('.orq-file').map((el) => el.getAttribute('data-file-name'))).toEqual(['damage.jpg'])
    expect(q('.orq-files__add')).not.toBeNull()

    await tap(app, q('.orq-bar__submit'), 'submit')
    await waitText('Request number: RR-000042')
    expect(text()).toContain('We will follow up within 48 hours.')
    const sent = posts(calls, '/order/3200007/return')
    expect(sent).toHaveLength(1)
    const ct = sent[0].header['content-type']
    expect(ct).toMatch(/^multipart\/form-data; boundary=/)
    const body = latin1(sent[0].data as ArrayBuffer)
    const boundary = ct.split('boundary=')[1]
    expect(body.startsWith(`--${boundary}\r\n`)).toBe(true)
    expect(body).toContain('name="category"\r\n\r\nreturn\r\n')
    expect(body).toContain('name="subCategory"\r\n\r\ndamaged\r\n')
    expect(body).toContain('name="phone"\r\n\r\n13800138000\r\n')
    expect(body).toContain('name="remark"\r\n\r\nBox crushed\r\n')
    expect(body).toContain('name="files"; filename="damage.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0')
    expect(body.match(/filename=/g)).toHaveLength(1)
    expect(body.endsWith(`--${boundary}--\r\n`)).toBe(true)
  })

  it("the server's refusal of an upload is shown as it says (the server checks again)", async () => {
    logIn()
    stubApi(
      base({
        'POST /order/3200007/return': {
          status: 400,
          body: {
            success: false,
            code: 'BAD_REQUEST',
            statusCode: 400,
            reason: 'UPLOAD_WRONG_TYPE',
            message: 'Upload failed: wrong file type (x.pdf). The content does not match the file extension',
          },
        },
      }),
    )
    await submitReturn('After-sales service', 'Missing documents (CoA / SDS)', 'the categories')
    await waitFor(
      () => /wrong file type \(x\.pdf\)/.test(q('.orq-submit-error')?.textContent ?? ''),
      'the server message',
    )
    expect(q('.orq-done__number')).toBeNull()
  })

  it("cancel-order request: JSON with reason and detail; an order that can no longer be cancelled: the server's 409 message", async () => {
    logIn()
    let answer: unknown = {
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        statusCode: 409,
        reason: 'ORDER_NOT_CANCELLABLE',
        message:
          'This order can no longer be cancelled online: it is already being processed. Please contact customer service',
      },
    }
    const calls = stubApi(base({ 'POST /order/3200009/cancel': () => answer }))
    const app = await openPage('packages/order/order-cancel/index', { orderNumber: '3200009' })
    await waitText('Order 3200009')
    expect(q('.orq-files')).toBeNull() // no files on a cancellation
    await tap(app, radio('Error in the order'), 'reason')
    await tap(app, radio('Wrong quantity'), 'detail')
    await fill(app, 'phone', '+86-13800138000')
    await tap(app, q('.orq-bar__submit'), 'submit')
    await waitFor(() => /can no longer be cancelled/.test(q('.orq-submit-error')?.textContent ?? ''), 'the 409 message')
    answer = result({
      kind: 'cancel',
      requestNumber: 'RR-000043',
      orderNumber: '3200009',
      category: 'order_error',
      subCategory: 'wrong_quantity',
    })
    await tap(app, q('.orq-bar__submit'), 'submit')
    await waitText('Request number: RR-000043')
    const sent = posts(calls, '/order/3200009/cancel')
    expect(sent).toHaveLength(2)
    expect(sent[1].data).toEqual({
      category: 'order_error',
      subCategory: 'wrong_quantity',
      contactName: 'Xiaoming Wang',
      phone: '+86-13800138000',
      email: 'a@example.com',
    })
    await sleep(10)
  })

  it("issue 22 item 13: a shipped order's cancel page says at once that it cannot be cancelled online (no form to fill); so does an order with an open cancellation request; in English and Chinese", async () => {
    logIn()
    const order = (status: string) =>
      detail({ orderNumber: '3200011', salesOrderNumber: '53100011', status, statusCode: 50 })
    let status = 'SHIPPED'
    let requests: unknown[] = []
    const calls = stubApi(
      base({ 'GET /order/detail/3200011': () => order(status), 'GET /order/3200011/requests': () => requests }),
    )
    await openPage('packages/order/order-cancel/index', { orderNumber: '3200011' })
    await waitFor(() => !!q('.orq-blocked'), 'the refusal, before anything is filled')
    expect(q('.orq-blocked__message')?.textContent).toBe(
      'This order can no longer be cancelled online: it is already being processed. Please contact customer service.',
    )
    expect(q('.orq-blocked__message')?.getAttribute('role')).toBe('alert')
    expect(q('.orq-bar__submit')).toBeNull()
    expect(qa('[role="radio"]')).toHaveLength(0)
    expect(q('.orq-blocked .orq-state__button')?.getAttribute('href')).toBe('/my-orders/3200011')
    expect(posts(calls, '/cancel')).toHaveLength(0)
    // an order still cancellable, but with its cancellation already being handled
    status = 'SUBMITTED'
    requests = [result({ kind: 'cancel', orderNumber: '3200011', status: 'pending' })]
    useLocale.setState({ language: 'zh' })
    useOrderRequestForm.setState({ orderNumber: '' })
    await openPage('packages/order/order-cancel/index', { orderNumber: '3200011' })
    await waitFor(
      () => q('.orq-blocked__message')?.textContent === '该订单的取消申请正在处理中。',
      'the open request, in Chinese',
    )
  })

  it('Chinese: the categories and the confirmation in Chinese', async () => {
    logIn()
    useLocale.setState({ language: 'zh', country: 'cn' })
    stubApi(base({ 'POST /order/3200007/return': result() }))
    await submitReturn('退货', '运输途中损坏', 'the categories in Chinese')
    await waitText('申请编号：RR-000042')
    expect(text()).toContain('我们将在 48 小时内跟进。')
  })
})

const detail = (over: Record<string, unknown> = {}) => ({
  orderNumber: '3200007',
  salesOrderNumber: '53100007',
  orderType: 'ZOR',
  deliveryChannel: 'TFS',
  status: 'SUBMITTED',
  statusCode: 10,
  source: 'cart',
  poNumber: null,
  remark: null,
  createdAt: '2026-11-20T02:30:00.000Z',
  currency: 'CNY',
  summary: {
    currency: 'CNY',
    totalPriceAmount: 100,
    totalAmount: 100,
    taxes: 0,
    total: 100,
    savings: 0,
    taxEnabled: false,
    unpricedLines: 0,
  },
  charges: [],
  promoCodes: [],
  shipTo: { addressKey: 'ST-1000001-01', accountNumber: '1000001', text: '上海市', attentionTo: null },
  billToNumber: null,
  lines: [],
  shipments: [],
  invoiceNumbers: [],
  placementId: '',
  relatedOrderNumbers: [],
  ...over,
})

describe('order detail: Cancel order and Return or after-sales', () => {
  screenTests()

  it('a submitted order offers both (links to /order-cancel/{n} and /order-return/{n}) and lists its requests with the follow-up date', async () => {
    logIn()
    stubApi(
      base({
        'GET /order/detail/3200007': detail(),
        'GET /order/3200007/requests': [
          result({ files: [{ fileId: 7, fileName: 'damage.jpg', mime: 'image/jpeg', size: 10 }] }),
        ],
      }),
    )
    await openPage('packages/order/order-detail/index', { orderNumber: '3200007' })
    await waitFor(() => !!q('.od-request'), 'the request list')
    expect(q('.od-requests__cancel')?.getAttribute('href')).toBe('/order-cancel/3200007')
    expect(q('.od-requests__cancel')?.textContent).toBe('Cancel order')
    expect(q('.od-requests__return')?.getAttribute('href')).toBe('/order-return/3200007')
    expect(q('.od-requests__return')?.textContent).toBe('Return or after-sales')
    // issue 22 item 3: "No way to reorder a past order": the detail offers Reorder (the reorder screen, /cart/reorder)
    expect(q('.od-requests__reorder')?.getAttribute('href')).toBe('/my-cart/QuickOrder?orderNumber=3200007')
    expect(q('.od-requests__reorder')?.textContent).toBe('Reorder')
    const row = q('.od-request[data-request-number="RR-000042"]')!
    expect(row.textContent).toContain('Return / Damaged in transit · Pending')
    expect(row.textContent).toContain('damage.jpg')
    expect(row.textContent).toContain('Follow-up by 2026-11-25 10:00') // China time
  })

  it('a shipped order, or one with an open cancellation request, offers no Cancel order; Return stays', async () => {
    logIn()
    stubApi(
      base({
        'GET /order/detail/3200008': detail({ orderNumber: '3200008', status: 'SHIPPED' }),
        'GET /order/3200008/requests': [],
      }),
    )
    await openPage('packages/order/order-detail/index', { orderNumber: '3200008' })
    await waitFor(() => !!q('.od-requests__return'), 'the return link')
    expect(q('.od-requests__cancel')).toBeNull()
    stubApi(
      base({
        'GET /order/detail/3200009': detail({ orderNumber: '3200009' }),
        'GET /order/3200009/requests': [result({ kind: 'cancel', orderNumber: '3200009', requestNumber: 'RR-000050' })],
      }),
    )
    await openPage('packages/order/order-detail/index', { orderNumber: '3200009' })
    await waitFor(() => !!q('.od-request[data-request-number="RR-000050"]'), 'the open cancel request')
    expect(q('.od-requests__cancel')).toBeNull()
    expect(q('.od-requests__return')).not.toBeNull()
  })
})
