import { en, zh, normalizeLanguage, translate, languageCode, allKeys } from '../../src/i18n'

describe('i18n catalogues', () => {
  it('has every key in both English and Chinese, and no empty text', () => {
    const enKeys = Object.keys(en).sort()
    const zhKeys = Object.keys(zh).sort()
    expect(zhKeys.filter((k) => !(k in en))).toEqual([])
    expect(enKeys.filter((k) => !(k in zh))).toEqual([])
    for (const k of allKeys('en')) expect(en[k].trim()).not.toBe('')
    for (const k of allKeys('zh')) expect(zh[k].trim()).not.toBe('')
  })

  it('keeps the same {placeholders} in both languages', () => {
    const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join(',')
    for (const k of allKeys('en')) expect([k, holes(zh[k])]).toEqual([k, holes(en[k])])
  })

  it('shows no raw status code: an address is "active" or "pending" in words, not ACTIVE / PENDING (issue 8)', () => {
    const raw = /\b(ACTIVE|PENDING|INACTIVE|SUSPENDED)\b/
    for (const lang of ['en', 'zh'] as const) {
      const cat = lang === 'en' ? en : zh
      expect(
        allKeys(lang)
          .filter((k) => raw.test(cat[k]))
          .map((k) => `${k}: ${cat[k]}`),
      ).toEqual([])
    }
  })

  it('spec section 1: "zh, zh-cn, zh-sg, zh-tw and zh-hk all map to Chinese"', () => {
    for (const tag of ['zh', 'zh-cn', 'zh-sg', 'zh-tw', 'zh-hk', 'zh-CN', 'zh_TW', 'ZH-HK'])
      expect(normalizeLanguage(tag)).toBe('zh')
    for (const tag of ['en', 'en-US', 'en-IN', 'hi-IN', 'fr', '', null, undefined])
      expect(normalizeLanguage(tag)).toBe('en')
  })

  it('fills {params} and sends languagecode cn or en (spec section 7)', () => {
    expect(translate('en', 'home.noMore', { total: 6000 })).toBe('You have seen all 6000 products')
    expect(translate('zh', 'home.noMore', { total: 6000 })).toBe('已显示全部 6000 个产品')
    expect(languageCode('zh')).toBe('cn')
    expect(languageCode('en')).toBe('en')
  })

  it('carries the spec session messages word for word', () => {
    expect(en['session.expired']).toBe('Your session is expired. Please login again')
    expect(en['session.expiredInfo']).toBe('Session Expired, please login again.')
    expect(en['session.accountChanged']).toBe('Your account is changed, Will refresh the page')
    expect(en['session.pleaseLogin']).toBe('Please login for better experience')
    expect(en['header.searchPlaceholder']).toBe('search all products')
  })

  // issue 22 item 14: "1 items" — one plural rule (translate's `<key>.one`), and every English message that
  // counts a noun by {count} has its singular form
  it('says "1 item" and "2 items": one plural rule for every counted noun', () => {
    expect(translate('en', 'cart.lines', { count: 1 })).toBe('1 item')
    expect(translate('en', 'cart.lines', { count: 2 })).toBe('2 items')
    expect(translate('en', 'cart.lines', { count: 0 })).toBe('0 items')
    expect(translate('en', 'orderHistory.items', { count: 1 })).toBe('1 product')
    expect(translate('en', 'orderHistory.items', { count: 3 })).toBe('3 products')
    expect(translate('zh', 'cart.lines', { count: 1 })).toBe(
      translate('zh', 'cart.lines', { count: 2 }).replace('2', '1'),
    )
    const counted = /\{count\} (\w+ )?(?!this\b)\w+s\b/
    const missing = allKeys('en').filter((k) => !k.endsWith('.one') && counted.test(en[k]) && !(`${k}.one` in en))
    expect(missing).toEqual([])
    for (const k of allKeys('en').filter((x) => x.endsWith('.one'))) {
      const base = k.slice(0, -'.one'.length) as keyof typeof en
      expect([k, base in en]).toEqual([k, true])
      expect([k, /\(s\)/.test(en[k]) || /\(s\)/.test(en[base])]).toEqual([k, false])
    }
  })

  // issue 22 item 14: feedback status shown in lowercase "pending" (the code itself)
  it('says every status in words that start with a capital in English, never a lowercase code', () => {
    const statuses = allKeys('en').filter((k) => /\.status\./.test(k))
    expect(statuses.length).toBeGreaterThan(10)
    expect(
      statuses
        .filter((k) => /^[a-z]/.test(en[k]) || /^[A-Za-z]+-[A-Z][a-z]+$/.test(en[k]))
        .map((k) => `${k}: ${en[k]}`),
    ).toEqual([])
  })

  // issue 22 item 14: "three Chinese words for flash sale (pick one)": 秒杀 (秒杀价, 限时秒杀); 立即抢购 stays the verb "buy now"
  it("calls a flash sale by one Chinese word, 秒杀, in the app and in the server's messages and data", () => {
    const others = /限时抢购|闪购|抢购商品|抢购活动|正在抢购/
    expect(
      allKeys('zh')
        .filter((k) => others.test(zh[k]))
        .map((k) => `${k}: ${zh[k]}`),
    ).toEqual([])
    expect(
      allKeys('zh')
        .filter((k) => /flash/i.test(k) && /flashSale$|flashbuySubmit$/.test(k))
        .every((k) => zh[k].includes('秒杀')),
    ).toBe(true)
    const fs = require('node:fs') as typeof import('node:fs')
    const path = require('node:path') as typeof import('node:path')
    const root = path.join(__dirname, '..', '..', 'server')
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
        )
    expect(
      files(root)
        .filter((f) => others.test(fs.readFileSync(f, 'utf8')))
        .map((f) => path.relative(root, f)),
    ).toEqual([])
  })
})
