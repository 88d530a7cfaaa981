import Taro from '@tarojs/taro'
import { useLocale } from '../../src/store/locale'
import { useSession } from '../../src/store/auth/session'
import { useConfig } from '../../src/store/platform/config'
import { useAddresses } from '../../src/store/account/addresses'
import { contactVault } from '../../src/store/account/contact-vault'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { stubApi, fail, sleep, openPage, q, qa, text, waitText, waitFor, type StubCall } from './product-api-stub'
import { logIn, toastTitles, flag, click, screenTests } from './screen-setup'
import { approvedCn, approvedIn } from './account-fixtures'

/**
 * My, the Ship-To Info list and the delivery-address chooser, rendered by the real app shell;
 * Taro.request stubbed at the API-client boundary only.
 */
jest.setTimeout(30000)

/** the seed's sys config: AR statement and invoice list on for cn, off for in */
const sysConfig = (c: StubCall) => {
  const on = c.query.countryCode === 'cn' ? '1' : '0'
  return {
    ENABLE_ORDER_TAX: flag(on),
    ENABLE_SIGN_IN_POPUP: flag('0'),
    ENABLE_AR_STATEMENT: flag(on),
    ENABLE_INVOICE_LIST: flag(on),
  }
}
const credit = [
  { billTo: '2000001', overdue: false, updateTime: '2026-01-15T02:00:00.000Z' },
  { billTo: '2000002', overdue: true, updateTime: '2026-01-15T02:00:00.000Z' },
  { billTo: '2000003', overdue: false, updateTime: '2026-01-14T02:00:00.000Z' },
]
const card = (addressKey: string) => q(`.address-card[data-address-key="${addressKey}"]`)

describe('account screens', () => {
  screenTests(() => {
    useAddresses.getState().reset()
  })

  it("My for a visitor: the section 2 menu, every entry built, and 'Please login for better experience' for account entries", async () => {
    stubApi({ 'GET /sys/dict/config': sysConfig })
    await openPage('pages/my/index')
    await waitText('You are not logged in')
    const labels = qa('.my-menu__item').map((e) => e.textContent)
    expect(labels).toEqual([
      'My orders',
      'My request',
      'My quotes',
      'My wishlist',
      'Ship-To Info',
      'Browsing history',
      'Gift centre',
      'Invite for gifts',
      'Earn points by tasks',
      'My interaction history',
      'Supply centre',
      'My interests',
    ])
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    click(q('.my-menu__item--enquiries'))
    expect(toastTitles()).toEqual(['Please login for better experience'])
    click(q('.my-menu__item--referral'))
    expect(toastTitles()).toEqual(['Please login for better experience', 'Please login for better experience'])
    expect(text()).not.toContain('Coming soon')
    expect(nav).not.toHaveBeenCalled()
    expect(q('.my__logout')).toBeNull()
    // spec section 2: "An info tooltip beside the title 'My request' explains online chat queries"
    expect(text()).not.toContain('online chat')
    click(q('.my-menu__info'))
    await waitText('Questions you ask our customer service in online chat are kept here as requests')
    expect(nav).not.toHaveBeenCalled() // the tooltip does not open the entry
    // the settings still work
    click(qa('.my__choice').find((e) => e.textContent === '中文')!)
    await waitText('我的订单')
    useLocale.setState({ language: 'en' })
  })

  it('My for an approved user: name, account number, status; the menu opens Ship-To Info; logout ends the session', async () => {
    logIn()
    stubApi({ 'GET /sys/dict/config': sysConfig, 'GET /users/info': approvedCn() })
    await openPage('pages/my/index')
    await waitText('Hello, Xiaoming Wang')
    expect(q('.my__account')?.textContent).toBe('Account 1000001')
    expect(q('.my__status')?.textContent).toBe('Approved account')
    expect(q('.my__complete')).toBeNull()
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    click(q('.my-menu__item--shipTo'))
    expect(nav).toHaveBeenCalledWith({ url: '/packages/account/ship-to-info/index' })
    click(q('.my__logout'))
    await waitText('You are not logged in')
    expect(useSession.getState().userInfo).toBeNull()
    expect(storage.get(KEYS.authToken)).toBeNull()
  })

  it('My greets a Chinese name family name first, without a space (issue 8: not "Hello, 小明 王")', async () => {
    logIn()
    stubApi({
      'GET /sys/dict/config': sysConfig,
      'GET /users/info': approvedCn({
        userProfile: { ...approvedCn().userProfile, firstName: '小明', lastName: '王' },
      }),
    })
    await openPage('pages/my/index')
    await waitText('Hello, 王小明')
  })

  it('My for a Partially Registered user: a "Complete registration" link to /onboarding', async () => {
    logIn('U-2b8d4e60', 'lite.cn')
    stubApi({
      'GET /sys/dict/config': sysConfig,
      'GET /users/info': approvedCn({
        userProfile: { ...approvedCn().userProfile, userId: 'U-2b8d4e60', userName: 'lite.cn' },
        accountNumber: null,
        userRoles: { registrationStatus: 'Partially Registered', accountType: 'customer', blackListed: false },
      }),
    })
    await openPage('pages/my/index')
    await waitText('Partially registered')
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    click(q('.my__complete'))
    expect(nav).toHaveBeenCalledWith({ url: '/packages/account/onboarding/index' })
  })

  it('Ship-To Info (cn): account numbers, Default / Set as Default / Pending / Pre-payment, overdue from /creditlimit/list, AR and invoice buttons', async () => {
    logIn()
    const calls = stubApi({
      'GET /sys/dict/config': sysConfig,
      'GET /users/info': approvedCn(),
      'POST /creditlimit/list': credit,
    })
    await openPage('packages/account/ship-to-info/index')
    await waitText('Account No. 1000001')
    await waitFor(() => useConfig.getState().country === 'cn' && !!q('.ship-to__ar'), 'the cn flags')
    // ACTIVE default: Default badge, edit icon, no link
    const def = card('ST-1000001-01')!
    expect(Array.from(def.querySelectorAll('.ship-to__badge')).map((e) => e.textContent)).toEqual(['Default'])
    expect(def.querySelector('.ship-to__set-default')).toBeNull()
    expect(def.querySelector('.ship-to__edit')).not.toBeNull()
    expect(def.textContent).toContain('王小明  +8613800138000')
    expect(def.textContent).toContain('细胞生物学实验室')
    expect(def.textContent).toContain('上海市 浦东新区张衡路 825 号 3 号楼 402 室, 201203')
    // ACTIVE non-default with a prepaid bill-to: Set as Default and Pre-payment
    const other = card('ST-1000002-01')!
    expect(other.querySelector('.ship-to__set-default')?.textContent).toBe('Set as Default')
    expect(other.querySelector('.address-card__head .ship-to__badge--prepayment')?.textContent).toBe('Pre-payment')
    // PENDING: web reference and Pending badge; no edit, no set-default
    const pending = card('ST-PENDING-000123')!
    expect(pending.querySelector('.ship-to__number')?.textContent).toBe('Web reference WEB-2026-000123')
    expect(pending.querySelector('.ship-to__badge--pending')?.textContent).toBe('Pending')
    expect(pending.querySelector('.ship-to__edit, .ship-to__set-default')).toBeNull()
    // bill-tos: overdue from the credit list, called with the flat list of bill-to numbers
    await waitFor(() => !!q('[data-bill-to="2000002"] .bill-to__overdue'), 'the overdue tag')
    expect(calls.find((c) => c.path === '/creditlimit/list')!.data).toEqual(['2000001', '2000002', '2000003'])
    expect(q('[data-bill-to="2000001"] .bill-to__overdue')).toBeNull()
    expect(q('[data-bill-to="2000002"] .bill-to__title')?.textContent).toBe('课题组经费')
    expect(qa('.ship-to__ar').length).toBe(3) // one per numbered bill-to (the one under review has none)
    expect(qa('.ship-to__invoices').length).toBe(3)
    // the add footer's condition (src/rules/account/ship-to.ts canAddShipTo): one address under review still allows another
    expect(q('.ship-to-footer__add')).not.toBeNull()
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    click(q('[data-bill-to="2000002"] .ship-to__ar'))
    expect(nav).toHaveBeenLastCalledWith({
      url: '/packages/account/ar-statement/index?billToAccountNumber=2000002&shipTo=1000001&deptOrLab=%E7%BB%86%E8%83%9E%E7%94%9F%E7%89%A9%E5%AD%A6%E5%AE%9E%E9%AA%8C%E5%AE%A4&companyOrInstitution=%E5%A4%8D%E6%97%A6%E5%A4%A7%E5%AD%A6%E7%94%9F%E5%91%BD%E7%A7%91%E5%AD%A6%E5%AD%A6%E9%99%A2&updateTime=2026-01-15T02%3A00%3A00.000Z&overdue=1',
    })
    click(q('[data-bill-to="2000003"] .ship-to__invoices'))
    expect(nav).toHaveBeenLastCalledWith({ url: '/packages/account/invoice-list/index?billToAccountNumber=2000003' })
    click(def.querySelector('.ship-to__edit') as HTMLElement)
    expect(nav).toHaveBeenLastCalledWith({ url: '/packages/account/ship-to-address/index?addressKey=ST-1000001-01' })
  })

  it('Ship-To Info (in): no AR statement or invoice buttons; the add footer shows when nothing is under review', async () => {
    logIn('U-9a1b2c3d', 'approved.in')
    useLocale.setState({ country: 'in' })
    stubApi({
      'GET /sys/dict/config': sysConfig,
      'GET /users/info': approvedIn(),
      'POST /creditlimit/list': [{ billTo: '6000001', overdue: false, updateTime: '2026-01-15T02:00:00.000Z' }],
    })
    await openPage('packages/account/ship-to-info/index')
    await waitText('Account No. 5000001')
    await waitFor(() => useConfig.getState().country === 'in', 'the in flags')
    await sleep(50)
    expect(q('.ship-to__ar')).toBeNull()
    expect(q('.ship-to__invoices')).toBeNull()
    expect(text()).toContain('Room 214, CV Raman Road, Bengaluru, Karnataka - 560012')
    const nav = jest.spyOn(Taro, 'navigateTo').mockImplementation((() => Promise.resolve()) as never)
    click(q('.ship-to-footer__add'))
    expect(nav).toHaveBeenCalledWith({ url: '/packages/account/ship-to-address/index?new=1' })
    useLocale.setState({ country: 'cn' })
  })

  it('"Click \'Set as Default\', confirm Yes or No, post the change, then revalidate the user"; a failure changes nothing', async () => {
    logIn()
    let info = approvedCn()
    let failChange = false
    const calls = stubApi({
      'GET /sys/dict/config': sysConfig,
      'GET /users/info': () => info,
      'POST /creditlimit/list': credit,
      'POST /address/changeDefault': (c: StubCall) => {
        if (failChange) return fail(500)
        info = approvedCn()
        for (const e of info.allShipToBillToAddresses)
          (e.shipTo as any).isDefault = e.shipTo.addressKey === c.data.addresskey
        return null
      },
    })
    await openPage('packages/account/ship-to-info/index')
    await waitText('Account No. 1000002')
    // No: nothing is posted
    click(card('ST-1000002-01')!.querySelector('.ship-to__set-default') as HTMLElement)
    await waitText('Set as default address?')
    click(q('.confirm-dialog__no'))
    await waitFor(() => !q('.confirm-dialog'), 'the dialog to close')
    expect(calls.some((c) => c.path === '/address/changeDefault')).toBe(false)
    // a failure: error toast, the default stays
    failChange = true
    click(card('ST-1000002-01')!.querySelector('.ship-to__set-default') as HTMLElement)
    await waitFor(() => !!q('.confirm-dialog__yes'), 'the dialog')
    click(q('.confirm-dialog__yes'))
    await waitFor(
      () => toastTitles().includes('The default address could not be changed. Please try again.'),
      'the error toast',
    )
    expect(card('ST-1000001-01')!.querySelector('.ship-to__badge--default')).not.toBeNull()
    // Yes: posted, the user revalidated, the new default shown
    failChange = false
    const infoCalls = calls.filter((c) => c.path === '/users/info').length
    click(card('ST-1000002-01')!.querySelector('.ship-to__set-default') as HTMLElement)
    await waitFor(() => !!q('.confirm-dialog__yes'), 'the dialog')
    click(q('.confirm-dialog__yes'))
    await waitFor(() => !!card('ST-1000002-01')!.querySelector('.ship-to__badge--default'), 'the new default')
    const posts = calls.filter((c) => c.path === '/address/changeDefault')
    expect(posts[posts.length - 1].data).toEqual({
      addresskey: 'ST-1000002-01',
      userid: 'U-7f3a9c21',
      username: 'approved.cn',
    })
    expect(calls.filter((c) => c.path === '/users/info').length).toBeGreaterThan(infoCalls)
    expect(card('ST-1000001-01')!.querySelector('.ship-to__set-default')).not.toBeNull()
    expect(toastTitles()).toContain('Default address updated')
  })

  it('Ship-To Info for a single default PENDING address: the no-usable-address banner; empty list: the empty state', async () => {
    logIn('U-2b8d4e60', 'lite.cn')
    const lite = approvedCn({
      accountNumber: null,
      allShipToBillToAddresses: [
        {
          ...approvedCn().allShipToBillToAddresses[2],
          shipTo: { ...approvedCn().allShipToBillToAddresses[2].shipTo, isDefault: true },
        },
      ],
    })
    let info: unknown = lite
    stubApi({ 'GET /sys/dict/config': sysConfig, 'GET /users/info': () => info, 'POST /creditlimit/list': [] })
    await openPage('packages/account/ship-to-info/index')
    await waitText('You have no approved ship-to address yet')
    info = approvedCn({ allShipToBillToAddresses: [] })
    await openPage('packages/account/ship-to-info/index')
    await waitText('No ship-to addresses yet')
    expect(q('.ship-to-footer__add')).not.toBeNull()
  })

  it('delivery address (cart flow): ACTIVE ship-tos to choose, PENDING disabled; the choice is kept as storedAddressKey with its contact sealed', async () => {
    logIn()
    stubApi({ 'GET /sys/dict/config': sysConfig, 'GET /users/info': approvedCn() })
    await openPage('packages/cart/delivery-address/index', {
      addressKey: 'ST-1000001-01',
      backTo: '/flashbuy/submit?id=FB1&qty=2',
    })
    await waitText('Account No. 1000002')
    expect(card('ST-1000001-01')!.querySelector('.delivery__current')?.textContent).toBe('Current')
    expect(card('ST-PENDING-000123')!.className).toContain('address-card--disabled')
    // issue 22 item 24: a pending card is read as a disabled button (it was a button that did nothing), an active one is not
    expect(card('ST-PENDING-000123')!.getAttribute('role')).toBe('button')
    expect(card('ST-PENDING-000123')!.getAttribute('aria-disabled')).toBe('true')
    expect(card('ST-1000002-01')!.getAttribute('aria-disabled')).toBeNull()
    const redirect = jest.spyOn(Taro, 'redirectTo').mockImplementation((() => Promise.resolve()) as never)
    click(card('ST-PENDING-000123'))
    expect(storage.get(KEYS.storedAddressKey)).toBeNull()
    expect(redirect).not.toHaveBeenCalled()
    click(card('ST-1000002-01'))
    expect(storage.get(KEYS.storedAddressKey)).toBe('ST-1000002-01')
    expect(contactVault.readContact('delivery')).toEqual({
      name: '陈静',
      phone: '+8613900139000',
      mobile: '',
      email: '',
    })
    expect(sessionStorage.getItem('contactVault.delivery')).not.toBeNull()
    const dump = Array.from({ length: sessionStorage.length }, (_, i) =>
      sessionStorage.getItem(sessionStorage.key(i)!),
    ).join('|')
    for (const plain of ['陈静', '13900139000']) expect(dump).not.toContain(plain)
    expect(redirect).toHaveBeenCalledWith({
      url: '/packages/flashbuy/submit/index?id=FB1&qty=2&addressKey=ST-1000002-01',
    })
  })
})
