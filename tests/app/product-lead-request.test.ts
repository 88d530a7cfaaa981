import Taro from '@tarojs/taro'
import { runLeadRequest, trimReqUrl, leadLogEntry, OP_REQ_URL_MAX } from '../../src/rules/order/lead-request'
import { useProduct } from '../../src/store/catalog/product'
import { useSession } from '../../src/store/auth/session'
import { useLead } from '../../src/store/order/lead'
import { useLocale } from '../../src/store/locale'
import { stubApi, fail } from './product-api-stub'

const LONG_URL = `https://store.example.cn/product-details/Anti-CD3 Monoclonal Antibody OKT3 FITC/MA1-10175?productPlacement=home&utm_source=wechat&utm_campaign=${'x'.repeat(80)}`

describe('request a quote (spec sections 4, 5 and 7)', () => {
  it('spec 4: "The click first records an operation-log entry, then opens the lead target."', async () => {
    const order: string[] = []
    let resolveLog: () => void = () => undefined
    const log = jest.fn(
      () =>
        new Promise<void>((r) => {
          order.push('log sent')
          resolveLog = () => {
            order.push('log done')
            r()
          }
        }),
    )
    const open = jest.fn(() => {
      order.push('open')
    })
    const run = runLeadRequest(
      { catalogNumber: 'MA1-10175', userName: 'approved.cn', source: 'h5', pageUrl: LONG_URL },
      { log, open },
    )
    await Promise.resolve()
    expect(order).toEqual(['log sent'])
    expect(open).not.toHaveBeenCalled()
    resolveLog()
    await expect(run).resolves.toEqual({ ok: true })
    expect(order).toEqual(['log sent', 'log done', 'open'])
    expect(open).toHaveBeenCalledWith('MA1-10175')
  })

  it('spec 7: the log entry is {opUser, opSource, opTarget=product, opTargetId, opContent=click_request_quote, opReqUrl "trimmed to 100 characters"}', () => {
    expect(OP_REQ_URL_MAX).toBe(100)
    const body = leadLogEntry({
      catalogNumber: 'MA1-10175',
      userName: 'approved.cn',
      source: 'weapp',
      pageUrl: LONG_URL,
    })
    expect(body).toEqual({
      opUser: 'approved.cn',
      opSource: 'weapp',
      opTarget: 'product',
      opTargetId: 'MA1-10175',
      opContent: 'click_request_quote',
      opReqUrl: LONG_URL.slice(0, 100),
    })
    expect(body.opReqUrl).toHaveLength(100)
    expect(leadLogEntry({ catalogNumber: 'A', userName: null, source: 'h5', pageUrl: '/x' }).opUser).toBe('anonymous')
    // characters, not UTF-16 halves: a trimmed address never ends in half a character
    expect(Array.from(trimReqUrl('😀'.repeat(120)))).toHaveLength(100)
    expect(trimReqUrl('short')).toBe('short')
  })

  it('spec 5: "A lead or quote request requires a catalogNumber, else the error \'Catalog number is not defined in product\'" — nothing is logged, nothing opens', async () => {
    const log = jest.fn(() => Promise.resolve())
    const open = jest.fn()
    for (const cn of [undefined, null, '', '   ']) {
      await expect(
        runLeadRequest({ catalogNumber: cn, userName: 'u', source: 'h5', pageUrl: '/' }, { log, open }),
      ).resolves.toEqual({ ok: false, error: 'catalogNumberMissing' })
    }
    expect(log).not.toHaveBeenCalled()
    expect(open).not.toHaveBeenCalled()
  })

  it('a failed or hanging log call does not leave the shopper stuck: the lead target still opens, after the log was sent', async () => {
    const open = jest.fn()
    await runLeadRequest(
      { catalogNumber: 'A-1', userName: 'u', source: 'h5', pageUrl: '/' },
      { log: () => Promise.reject(new Error('500')), open },
    )
    expect(open).toHaveBeenCalledTimes(1)
    const hang = jest.fn(() => new Promise(() => undefined))
    await runLeadRequest(
      { catalogNumber: 'A-2', userName: 'u', source: 'h5', pageUrl: '/' },
      { log: hang, open, waitMs: 20 },
    )
    expect(hang).toHaveBeenCalled()
    expect(open).toHaveBeenLastCalledWith('A-2')
  })

  describe('through the product store (the real API client, Taro.request stubbed)', () => {
    beforeEach(() => {
      useSession.setState({ status: 'USER_FETCHED', userInfo: null, spCenterStatus: null, defaultSC: null })
      useLocale.setState({ language: 'en', country: 'cn' })
      useLead.setState({ drawer: { open: false, product: null, quantity: 1, submitting: false, error: null } })
    })
    afterEach(() => jest.restoreAllMocks())

    it('posts /operationLog/insert before opening the lead drawer (the lead target) for the catalogue number', async () => {
      const order: string[] = []
      const calls = stubApi({
        'POST /operationLog/insert': () => {
          order.push(`log, drawer open: ${useLead.getState().drawer.open}`)
          return { id: 1 }
        },
      })
      await expect(useProduct.getState().requestLead('MA1-10175')).resolves.toBe(true)
      expect(order).toEqual(['log, drawer open: false'])
      expect(useLead.getState().drawer).toMatchObject({ open: true, product: { catalogNumber: 'MA1-10175' } })
      const log = calls.find((c) => c.path === '/operationLog/insert')!
      expect(log.method).toBe('POST')
      expect(log.data).toMatchObject({
        opUser: 'anonymous',
        opSource: 'h5',
        opTarget: 'product',
        opTargetId: 'MA1-10175',
        opContent: 'click_request_quote',
      })
      expect(log.data.opReqUrl.length).toBeLessThanOrEqual(100)
      expect(log.header.Source).toBe('h5')
    })

    it('still opens the lead target when the log call fails (500)', async () => {
      stubApi({ 'POST /operationLog/insert': fail(500) })
      await useProduct.getState().requestLead('MA1-10175')
      expect(useLead.getState().drawer).toMatchObject({ open: true, product: { catalogNumber: 'MA1-10175' } })
    })

    it.each([
      ['en', 'Catalog number is not defined in product'],
      ['zh', '产品未定义货号'],
    ] as const)(
      'without a catalogue number the shopper sees the error in their language (%s)',
      async (language, message) => {
        useLocale.setState({ language })
        const calls = stubApi({})
        const nav = jest.spyOn(Taro, 'navigateTo')
        const toast = jest.spyOn(Taro, 'showToast').mockImplementation((() => Promise.resolve()) as never)
        jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never)
        await expect(useProduct.getState().requestLead('')).resolves.toBe(false)
        expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: message }))
        expect(calls).toHaveLength(0)
        expect(nav).not.toHaveBeenCalled()
        expect(useLead.getState().drawer.open).toBe(false)
      },
    )
  })
})
