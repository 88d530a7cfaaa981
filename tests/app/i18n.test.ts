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
      expect(allKeys(lang).filter((k) => raw.test(cat[k])).map((k) => `${k}: ${cat[k]}`)).toEqual([])
    }
  })

  it('spec section 1: "zh, zh-cn, zh-sg, zh-tw and zh-hk all map to Chinese"', () => {
    for (const tag of ['zh', 'zh-cn', 'zh-sg', 'zh-tw', 'zh-hk', 'zh-CN', 'zh_TW', 'ZH-HK']) expect(normalizeLanguage(tag)).toBe('zh')
    for (const tag of ['en', 'en-US', 'en-IN', 'hi-IN', 'fr', '', null, undefined]) expect(normalizeLanguage(tag)).toBe('en')
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
})
