import type { MessageKey } from './en'

export type { MessageKey }
export type Language = 'en' | 'zh'
export type Params = Record<string, string | number>
export type Catalogue = Record<MessageKey, string>

/**
 * The catalogues in use, by language. Nothing here imports a catalogue: the mini-program registers
 * both at launch (store/catalogues.ts), the H5 build only the active language's, the other when the
 * user switches (store/catalogues.h5.ts), so the first load carries one language, not two.
 */
const catalogues: Partial<Record<Language, Catalogue>> = {}
let loader: ((lang: Language) => Promise<Catalogue>) | null = null

export function registerCatalogue(lang: Language, messages: Catalogue) {
  catalogues[lang] = messages
}

/** how a missing catalogue is fetched (H5: a dynamic import) */
export function setCatalogueLoader(load: (lang: Language) => Promise<Catalogue>) {
  loader = load
}

export const hasCatalogue = (lang: Language) => catalogues[lang] !== undefined

/**
 * Runs `then` once `lang`'s catalogue is there: at once (synchronously) when it is already, else after
 * the loader brought it (or failed: then texts fall back to the keys rather than the switch being lost).
 */
export function withCatalogue(lang: Language, then: () => void): void {
  if (hasCatalogue(lang) || !loader) { then(); return }
  loader(lang).then((m) => registerCatalogue(lang, m), (err) => console.error('[i18n] catalogue', lang, err)).then(then)
}

export const loadCatalogue = (lang: Language) => new Promise<void>((resolve) => withCatalogue(lang, resolve))

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
  const text = catalogues[lang]?.[key] ?? catalogues.en?.[key] ?? key
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
}

export const allKeys = (lang: Language) => Object.keys(catalogues[lang] ?? {}) as MessageKey[]
