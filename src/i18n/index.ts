import { platformEn, platformZh } from './platform'
import { catalogEn, catalogZh } from './catalog'
import { marketingEn, marketingZh } from './marketing'
import { engagementEn, engagementZh } from './engagement'
import { authEn, authZh } from './auth'
import { accountEn, accountZh } from './account'
import { serviceEn, serviceZh } from './service'
import { cartEn, cartZh } from './cart'
import { orderEn, orderZh } from './order'

/** One catalogue per language, assembled from one message file per domain (types/domains.ts). */
export const en = { ...platformEn, ...catalogEn, ...marketingEn, ...engagementEn, ...authEn, ...accountEn, ...serviceEn, ...cartEn, ...orderEn }
export type MessageKey = keyof typeof en
export const zh: Record<MessageKey, string> = {
  ...platformZh, ...catalogZh, ...marketingZh, ...engagementZh, ...authZh, ...accountZh, ...serviceZh, ...cartZh, ...orderZh,
}
export type Language = 'en' | 'zh'
export type Params = Record<string, string | number>

const catalogues: Record<Language, Record<MessageKey, string>> = { en, zh }

/**
 * Spec section 1: "Languages are English and Chinese (zh, zh-cn, zh-sg, zh-tw and zh-hk all map
 * to Chinese)". Anything else, and anything unknown, is English.
 */
export function normalizeLanguage(input: string | null | undefined): Language {
  const tag = (input ?? '').trim().toLowerCase().replace(/_/g, '-')
  if (tag === 'zh' || tag === 'cn' || tag.startsWith('zh-')) return 'zh'
  return 'en'
}

/** The header value the API expects for a language (spec section 7: languagecode cn or en). */
export const languageCode = (lang: Language) => (lang === 'zh' ? 'cn' : 'en')

export function translate(lang: Language, key: MessageKey, params?: Params): string {
  const text = catalogues[lang][key] ?? en[key] ?? key
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
}

export const allKeys = (lang: Language) => Object.keys(catalogues[lang]) as MessageKey[]
