/**
 * My and the Ship-To list in the compiled mini-program (miniprogram-simulate, official wcc), against
 * a real test server and its WeChat stand-in. The login is the mini-program's own: wx.login's code
 * goes to the server (code2session at the stand-in), the openid + signed token are exchanged for an
 * access token (spec section 4), and session_key never reaches the client.
 */
const { testServer, stubWechatLogin, launchApp } = require('./harness')

const MY = 'pages/my/index'
const SHIP_TO = 'packages/account/ship-to-info/index'

describe('account screens in miniprogram-simulate', () => {
  let server
  let env
  let open
  let until
  let requestPaths
  const responses = []

  beforeAll(async () => {
    server = await testServer()
    ;({ env, open, until, requestPaths } = launchApp({
      apiOrigin: server.origin,
      path: MY,
      beforeLaunch: () => {
        // the mini-program login: WeChat hands the app a code (the stand-in accepts standin:<openid>)
        stubWechatLogin()
        const send = global.wx.request
        global.wx.request = (o) =>
          send({
            ...o,
            success: (res) => {
              responses.push({ url: o.url, data: res.data })
              o.success && o.success(res)
            },
          })
      },
    }))
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('My offers WeChat login; tapping it logs in through code2session and shows the user and the menu', async () => {
    const comp = open(MY)
    expect(await until(() => !!comp.querySelector('.login-buttons__wechat'))).toBe(true)
    expect(comp.querySelector('.login-buttons__login')).toBeFalsy() // the mini-program logs in with WeChat only
    comp.querySelector('.login-buttons__wechat').dispatchEvent('tap')
    expect(await until(() => comp.dom.textContent.includes('1000001'))).toBe(true)
    const text = comp.dom.textContent
    expect(text).toContain('王') // the seeded user's name
    expect(text).toMatch(/收货地址|Ship-To/)
    expect(env.storage.get('authToken')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    const urls = requestPaths()
    expect(urls).toContain('/api/wechat/login/miniprogram')
    expect(urls).toContain('/api/wechat/login/token')
    // session_key stays on the server
    for (const r of responses) expect(JSON.stringify(r.data)).not.toMatch(/session_key/i)
  })

  it('Ship-To Info lists the seeded ship-tos with Default, Pending and Pre-payment badges and bill-tos', async () => {
    const comp = open(SHIP_TO)
    expect(await until(() => comp.dom.textContent.includes('WEB-2026-000123'))).toBe(true)
    const text = comp.dom.textContent
    expect(text).toContain('1000001')
    expect(text).toContain('1000002')
    expect(text).toContain('复旦大学生命科学学院')
    expect(text).toContain('2000001')
    expect(comp.querySelectorAll('.ship-to__set-default').length).toBe(1) // the other ACTIVE one; PENDING never
    expect(comp.querySelectorAll('.ship-to__badge--default').length).toBe(1)
    expect(comp.querySelectorAll('.ship-to__badge--pending').length).toBe(1)
    // "A Pre-payment badge shows when the ship-to or any bill-to is prepaid": bill-to 2000003 of ship-to 1000002
    // (once on the ship-to, once on the prepaid bill-to itself)
    expect(comp.querySelectorAll('.ship-to__badge--prepayment').length).toBe(2)
    // the bill-to 2000002 is overdue in the seeded credit records
    expect(await until(() => comp.querySelectorAll('.bill-to__overdue').length === 1)).toBe(true)
    expect(requestPaths()).toContain('/api/creditlimit/list')
  })
})
