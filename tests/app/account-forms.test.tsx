import Taro from '@tarojs/taro'
import { useLocale } from '../../src/store/locale'
import { useAddresses } from '../../src/store/account/addresses'
import { stubApi, fail, sleep, openPage, q, qa, text, waitText, waitFor, type StubCall } from './product-api-stub'
import { logIn, fillWhenShown, screenTests } from './screen-setup'
import { AR_ROUTE_PARAMS, approvedCn, approvedCnAddresses } from './account-fixtures'
import { fieldByName, fieldName, textFields } from './a11y-names'
import { ADDRESS_FIELDS } from '../../src/rules/account/address-validation'

/**
 * The add / edit ship-to form (spec section 5 rules), the AR statement and the invoice list,
 * rendered by the real app shell; Taro.request stubbed at the API-client boundary only.
 */
jest.setTimeout(30000)

const PHONE_MSG = 'Please enter a valid mobile or phone number (" numbers "and "-" are allowed)'
const common = (over: Record<string, unknown> = {}) => ({
  'GET /sys/dict/config': {},
  'GET /users/info': approvedCn(),
  'GET /address/getPhoneDictionary': [
    { isoCountryCode: 'CN', dialCode: '+86', label: 'China' },
    { isoCountryCode: 'IN', dialCode: '+91', label: 'India' },
  ],
  ...over,
})
const input = (field: string) => q(`.address-form__field--${field} input`) as HTMLInputElement | null
const errorOf = (field: string) => q(`.address-form__field--${field} .address-form__error`)?.textContent ?? null
const fill = (app: Awaited<ReturnType<typeof openPage>>, field: string, value: string) =>
  fillWhenShown(app, () => input(field), `the ${field} input`, value)
const sessionDump = () =>
  Array.from(
    { length: sessionStorage.length },
    (_, i) => `${sessionStorage.key(i)}=${sessionStorage.getItem(sessionStorage.key(i)!)}`,
  ).join('|')
const submit = async (app: Awaited<ReturnType<typeof openPage>>) =>
  app.act(async () => {
    q('.address-form__submit')!.click()
  })
const TYPED = {
  contactName: '赵磊',
  contactPhone: 'abc',
  mobile: '13700137000',
  email: 'zhao.lei@example.edu.cn',
  deptOrLab: '药物筛选平台',
  companyOrInstitution: '复旦大学苏州研究院',
  stateOrProvince: '江苏省',
  city: '苏州市',
  streetAddress: '工业园区星湖街 218 号',
  zipCode: '215123',
}

describe('ship-to form, AR statement and invoices', () => {
  screenTests(() => {
    useAddresses.getState().reset()
    logIn()
  })

  it('add: a bad phone shows the exact section 5 message and blocks submission; editing clears it; the request carries the +86 phone; then PENDING (about 2 business days)', async () => {
    let added: any = null
    const calls = stubApi(
      common({
        'POST /address/add': (c: StubCall) => {
          added = c.data
          return {
            shipTo: { ...approvedCnAddresses()[2].shipTo, addressKey: 'ST-NEW', webReference: 'WEB-2026-000777' },
          }
        },
      }),
    )
    const app = await openPage('packages/account/ship-to-address/index', { new: '1', flag: 'cart', back: 'list' })
    await waitFor(() => !!input('contactPhone'), 'the form')
    expect(q('.address-form__prefix')?.textContent).toBe('+86')
    expect(text()).toContain('China')
    // nothing typed: "Contact person name ... is required: '{field} is a required field'"
    await submit(app)
    await waitFor(() => errorOf('contactName') !== null, 'the errors')
    expect(errorOf('contactName')).toBe('Contact name is a required field')
    expect(errorOf('zipCode')).toBe('Zip code is a required field')
    for (const [f, v] of Object.entries(TYPED)) await fill(app, f, v)
    await submit(app)
    await waitFor(() => errorOf('contactPhone') !== null, 'the phone error')
    expect(errorOf('contactPhone')).toBe(PHONE_MSG)
    expect(qa('.address-form__error').length).toBe(1) // the other errors went as their fields were edited
    expect(calls.some((c) => c.path === '/address/add')).toBe(false)
    // the unsaved draft's contact is kept sealed in session storage (spec section 3)
    expect(sessionStorage.getItem('contactVault.draft')).not.toBeNull()
    for (const plain of ['赵磊', '13700137000', 'zhao.lei']) expect(sessionDump()).not.toContain(plain)
    // "Editing a field clears its error."
    await fill(app, 'contactPhone', '+86 137 0013 7000')
    await waitFor(() => errorOf('contactPhone') === null, 'the phone error to clear')
    await submit(app)
    await waitText('Address submitted')
    // what was typed, the phone as corrected and normalised
    expect(added).toEqual({ ...TYPED, isoCountryCode: 'CN', contactPhone: '+86-137 0013 7000', isDefault: false })
    expect(text()).toContain(
      'Your new address is pending review, which takes about 2 business days. Reference: WEB-2026-000777',
    )
    // the draft is dropped once saved
    expect(sessionStorage.getItem('contactVault.draft')).toBeNull()
    const back = jest.spyOn(Taro, 'navigateBack').mockImplementation((() => Promise.resolve()) as never)
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    q('.address-form__done')!.click()
    expect(back).toHaveBeenCalled()
  })

  it('issue 22 item 23: every field of the form is named by its visible label (tied to it, not by the placeholder), in English and Chinese', async () => {
    for (const language of ['en', 'zh'] as const) {
      useLocale.setState({ language, country: 'cn' })
      stubApi(common())
      await openPage('packages/account/ship-to-address/index', { new: '1', flag: 'cart', back: 'list' })
      await waitFor(() => !!input('contactPhone'), 'the form')
      const fields = textFields(q('.address-form')!)
      expect(fields.length).toBe(ADDRESS_FIELDS.length)
      for (const field of ADDRESS_FIELDS) {
        const el = input(field)!
        const visible = (q(`.address-form__field--${field} .address-form__label`)?.textContent ?? '')
          .replace(/\s+/g, ' ')
          .trim()
        expect(visible).not.toBe('')
        // the name is the label the user reads above the field ("(optional)" included)
        expect(fieldName(el)).toBe(visible)
        expect(fieldByName(visible, q('.address-form')!)).toBe(el)
      }
    }
  })

  it('add: a server 400 shows its message at the top and keeps every typed value; back=onboarding returns there; the dictionary lookup failing still gives +86', async () => {
    stubApi(
      common({
        'GET /address/getPhoneDictionary': fail(500),
        'POST /address/add': {
          status: 400,
          body: { success: false, code: 'VALIDATION_ERROR', message: 'zipCode: must be 6 digits', statusCode: 400 },
        },
      }),
    )
    const app = await openPage('packages/account/ship-to-address/index', { new: '1', back: 'onboarding', flag: 'x' })
    await waitFor(() => !!input('contactPhone'), 'the form')
    expect(q('.address-form__prefix')?.textContent).toBe('+86') // "default +86 when the lookup fails"
    for (const [f, v] of Object.entries({ ...TYPED, contactPhone: '13700137000', zipCode: '21512' }))
      await fill(app, f, v)
    await submit(app)
    await waitText('zipCode: must be 6 digits')
    expect(q('.address-form__top-error')?.textContent).toContain('zipCode: must be 6 digits')
    for (const [f, v] of Object.entries({ ...TYPED, contactPhone: '13700137000', zipCode: '21512' }))
      expect([f, input(f)!.value]).toEqual([f, v])
    // success after fixing it, then back to onboarding (flag carried)
    stubApi(
      common({
        'POST /address/add': { shipTo: { ...approvedCnAddresses()[2].shipTo, webReference: 'WEB-2026-000778' } },
      }),
    )
    await fill(app, 'zipCode', '215123')
    await submit(app)
    await waitText('WEB-2026-000778')
    const redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    q('.address-form__done')!.click()
    expect(redirect).toHaveBeenCalledWith({ url: '/packages/account/onboarding/index?flag=x' })
  })

  it('edit: loads GET /address/detail into the form and posts /address/update; a PENDING address is refused', async () => {
    const [def, , pending] = approvedCnAddresses()
    let updated: any = null
    const calls = stubApi(
      common({
        'GET /address/detail': (c: StubCall) =>
          [def, pending].find((e) => e.shipTo.addressKey === c.query.addressKey)?.shipTo,
        'POST /address/update': (c: StubCall) => {
          updated = c.data
          return { shipTo: def.shipTo }
        },
      }),
    )
    const app = await openPage('packages/account/ship-to-address/index', { addressKey: 'ST-1000001-01' })
    await waitFor(() => input('contactName')?.value === '王小明', 'the loaded form')
    expect(input('contactPhone')!.value).toBe('13800138000')
    expect(input('buildingOrRoom')!.value).toBe('3 号楼 402 室')
    expect(q('.address-form__default')).toBeNull() // the default is changed from the list
    await fill(app, 'buildingOrRoom', '3 号楼 405 室')
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{}, {}] as never)
    const back = jest.spyOn(Taro, 'navigateBack').mockImplementation((() => Promise.resolve()) as never)
    await submit(app)
    await waitFor(() => updated !== null, 'the update')
    expect(updated).toMatchObject({
      addressKey: 'ST-1000001-01',
      contactName: '王小明',
      contactPhone: '+86-13800138000',
      buildingOrRoom: '3 号楼 405 室',
      isoCountryCode: 'CN',
    })
    expect(updated.isDefault).toBeUndefined()
    await waitFor(() => back.mock.calls.length > 0, 'going back')
    // "Only ACTIVE addresses can be edited or set as default."
    await openPage('packages/account/ship-to-address/index', { addressKey: 'ST-PENDING-000123' })
    await waitText('This address is still under review (Pending) and cannot be edited.')
    expect(q('.address-form__submit')).toBeNull()
    expect(calls.filter((c) => c.path === '/address/update').length).toBe(1)
  })

  const statement = (over: Record<string, unknown> = {}) => ({
    billTo: {
      accountNumber: '2000002',
      title: '课题组经费',
      invoiceFrequency: 'monthly',
      statementFrequency: 'monthly',
      currency: 'CNY',
    },
    period: '2026-01',
    periods: ['2026-01', '2025-12'],
    openingBalance: 12000,
    invoiced: 8560.5,
    paid: 5000,
    closingBalance: 15560.5,
    overdueAmount: 3200,
    creditLimit: 200000,
    lines: [
      {
        date: '2026-01-05T02:00:00.000Z',
        documentNumber: 'INV-88001',
        type: 'invoice',
        description: 'Order SO-1001',
        debit: 8560.5,
        credit: 0,
        balance: 20560.5,
        dueDate: '2026-02-04T00:00:00.000Z',
        overdue: false,
      },
      {
        date: '2026-01-10T02:00:00.000Z',
        documentNumber: 'PAY-3001',
        type: 'payment',
        description: 'Bank transfer',
        debit: 0,
        credit: 5000,
        balance: 15560.5,
        dueDate: null,
        overdue: true,
      },
    ],
    updateTime: '2026-01-15T02:00:00.000Z',
    ...over,
  })

  it('AR statement: header from the route, update time in China time (+8 h), overdue tag, summary, lines; another period; an empty period', async () => {
    const calls = stubApi(
      common({
        'GET /ar/statement': (c: StubCall) =>
          c.query.period === '2025-12'
            ? statement({
                period: '2025-12',
                lines: [],
                openingBalance: 0,
                invoiced: 0,
                paid: 0,
                closingBalance: 0,
                overdueAmount: 0,
              })
            : statement(),
      }),
    )
    await openPage('packages/account/ar-statement/index', AR_ROUTE_PARAMS)
    await waitText('INV-88001')
    expect(calls.find((c) => c.path === '/ar/statement')!.query).toEqual({ billToAccountNumber: '2000002' })
    expect(q('.ar-head__row--billTo')?.textContent).toBe('Bill-to2000002 · 课题组经费')
    expect(q('.ar-head__row--dept')?.textContent).toContain('细胞生物学实验室')
    expect(q('.ar-head__updated')?.textContent).toBe('Updated 2026-01-15 10:00')
    expect(q('.ar-head__overdue')?.textContent).toBe('Overdue')
    expect(text()).toContain('Statement frequency: Monthly')
    expect(q('.ar-summary__cell--closing')?.textContent).toBe('Closing balance¥15,560.50')
    expect(q('.ar-summary__cell--creditLimit')?.textContent).toBe('Credit limit¥200,000.00')
    expect(qa('.ar-line').length).toBe(2)
    expect(qa('.ar-line--overdue').map((e) => e.querySelector('.ar-line__doc')?.textContent)).toEqual(['PAY-3001'])
    expect(qa('.ar-line')[0].textContent).toContain('Due 2026-02-04')
    qa('.ar-periods__chip')[1].click()
    await waitText('No transactions in this period')
    expect(calls.filter((c) => c.path === '/ar/statement').pop()!.query).toEqual({
      billToAccountNumber: '2000002',
      period: '2025-12',
    })
    expect(q('.ar-periods__chip--on')?.textContent).toBe('2025-12')
  })

  const invoice = (n: number, over: Record<string, unknown> = {}) => ({
    invoiceNumber: `0${n}88${n}`,
    invoiceCode: '031002300111',
    kind: 'general',
    medium: 'e-invoice',
    title: '复旦大学',
    taxNumber: '12100000425006117P',
    bank: '中国银行上海分行',
    bankAccount: '4378 5xxx',
    amount: 1280 * n,
    currency: 'CNY',
    status: 'issued',
    deliveryNumber: null,
    salesOrderNumber: `SO-${n}`,
    issueDate: '2026-01-05T02:00:00.000Z',
    dueDate: '2026-02-04T00:00:00.000Z',
    ...over,
  })

  it('invoice list: number, code, kind, medium, title, tax number, bank, amount, status, delivery number; filters; load more; empty states', async () => {
    const all = [
      invoice(1),
      invoice(2, { kind: 'special', medium: 'paper', deliveryNumber: 'SF1234567890', status: 'delivered' }),
      ...Array.from({ length: 10 }, (_, i) => invoice(i + 3)),
    ]
    const calls = stubApi(
      common({
        'GET /invoice/list': (c: StubCall) => {
          if (c.query.billToAccountNumber === '2000003')
            return {
              billTo: {
                accountNumber: '2000003',
                title: '预付款账户',
                invoiceFrequency: 'daily',
                statementFrequency: 'daily',
                currency: 'CNY',
              },
              list: [],
              total: 0,
              page: 1,
              pageSize: 10,
            }
          const hits = all.filter(
            (i) => (!c.query.kind || i.kind === c.query.kind) && (!c.query.status || i.status === c.query.status),
          )
          const page = Number(c.query.page)
          return {
            billTo: {
              accountNumber: '2000001',
              title: '学院财务处',
              invoiceFrequency: 'monthly',
              statementFrequency: 'monthly',
              currency: 'CNY',
            },
            list: hits.slice((page - 1) * 10, page * 10),
            total: hits.length,
            page,
            pageSize: 10,
          }
        },
      }),
    )
    await openPage('packages/account/invoice-list/index', { billToAccountNumber: '2000001' })
    await waitText('Invoicing frequency: Monthly')
    await waitFor(() => qa('.invoice').length === 10, 'the first page')
    const special = q('.invoice[data-invoice="02882"]')!
    expect(special.querySelector('.invoice__kind')?.textContent).toBe('Special')
    expect(special.querySelector('.invoice__medium')?.textContent).toBe('Paper')
    expect(special.querySelector('.invoice__status')?.textContent).toBe('Delivered')
    expect(special.querySelector('.invoice__row--delivery')?.textContent).toBe('Delivery No.SF1234567890')
    expect(special.querySelector('.invoice__row--code')?.textContent).toBe('Invoice code031002300111')
    expect(special.querySelector('.invoice__row--tax')?.textContent).toBe('Tax No.12100000425006117P')
    expect(special.querySelector('.invoice__row--bank')?.textContent).toBe('Bank中国银行上海分行 4378 5xxx')
    expect(special.querySelector('.invoice__row--title')?.textContent).toBe('Title复旦大学')
    expect(special.querySelector('.invoice__amount')?.textContent).toBe('¥2,560.00')
    expect(q('.invoice[data-invoice="01881"] .invoice__row--delivery')).toBeNull() // an e-invoice has no delivery number
    // load more
    q('.inv__more')!.click()
    await waitText('All 12 invoices shown')
    expect(qa('.invoice').length).toBe(12)
    expect(calls.filter((c) => c.path === '/invoice/list').map((c) => c.query.page)).toEqual(['1', '2'])
    // general or special
    q('.inv-filter__chip--kind-special')!.click()
    await waitFor(() => qa('.invoice').length === 1, 'the special invoices')
    expect(calls.filter((c) => c.path === '/invoice/list').pop()!.query).toEqual({
      billToAccountNumber: '2000001',
      kind: 'special',
      page: '1',
      pageSize: '10',
    })
    q('.inv-filter__chip--status-paid')!.click()
    await waitText('No invoices match these filters.')
    // a bill-to without invoices: "Empty lists for ... invoices"
    await openPage('packages/account/invoice-list/index', { billToAccountNumber: '2000003' })
    await waitText('No invoices yet')
    await sleep(20)
    expect(qa('.invoice').length).toBe(0)
  })
})
