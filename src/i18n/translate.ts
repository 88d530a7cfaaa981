import type { MessageKey } from './en'

export type { MessageKey }
export type Language = 'en' | 'zh'
export type Params = Record<string, string | number>
export type Catalogue = Partial<Record<MessageKey, string>>
/** the domains whose screens carry messages of their own (i18n/screens/<domain>.ts), outside the first load */
export type ScreenDomain = 'order' | 'flashbuy' | 'membership'

/**
 * The catalogues in use, by language. Nothing here imports a catalogue: the mini-program registers
 * both at launch, screens included (store/catalogues.ts); the H5 build only the active language's
 * first-load part, the messages of a subpackage's screens when one of its pages loads
 * (store/<domain>/screens.h5.ts), and the other language when the user switches (store/catalogues.h5.ts).
 */
const catalogues: Partial<Record<Language, Catalogue>> = {}
let loader: ((lang: Language) => Promise<Catalogue>) | null = null
let screenLoader: ((domain: ScreenDomain, lang: Language) => Promise<Catalogue>) | null = null
/** the screens the app has opened (their messages follow a language switch) */
const wantedScreens = new Set<ScreenDomain>()
const loadedScreens: Record<Language, Set<ScreenDomain>> = { en: new Set(), zh: new Set() }

/** adds messages to a language's catalogue (a first-load part, or a screen's) */
export function registerCatalogue(lang: Language, messages: Catalogue) {
  catalogues[lang] = { ...catalogues[lang], ...messages }
}

/** how a missing catalogue is fetched (H5: a dynamic import) */
export function setCatalogueLoader(load: (lang: Language) => Promise<Catalogue>) {
  loader = load
}

/** how a screen's messages are fetched (H5: a dynamic import per domain and language) */
export function setScreenLoader(load: (domain: ScreenDomain, lang: Language) => Promise<Catalogue>) {
  screenLoader = load
}

export const hasCatalogue = (lang: Language) => catalogues[lang] !== undefined

const missingScreens = (lang: Language) =>
  screenLoader ? [...wantedScreens].filter((d) => !loadedScreens[lang].has(d)) : []

const fetchScreen = (domain: ScreenDomain, lang: Language) =>
  screenLoader!(domain, lang).then(
    (m) => {
      registerCatalogue(lang, m)
      loadedScreens[lang].add(domain)
    },
    (err) => console.error('[i18n] screen messages', domain, lang, err),
  )

/**
 * Runs `then` once `lang`'s catalogue (and the messages of the screens opened so far) is there: at once
 * (synchronously) when it is already, else after the loaders brought it (or failed: then texts fall
 * back to the keys rather than the switch being lost).
 */
export function withCatalogue(lang: Language, then: () => void): void {
  const screens = missingScreens(lang)
  if ((hasCatalogue(lang) || !loader) && screens.length === 0) {
    then()
    return
  }
  const core =
    hasCatalogue(lang) || !loader
      ? Promise.resolve()
      : loader(lang).then(
          (m) => registerCatalogue(lang, m),
          (err) => console.error('[i18n] catalogue', lang, err),
        )
  Promise.all([core, ...screens.map((d) => fetchScreen(d, lang))]).then(then)
}

export const loadCatalogue = (lang: Language) => new Promise<void>((resolve) => withCatalogue(lang, resolve))

/** the messages of a subpackage's screens in `lang` (a no-op where they are registered at launch) */
export function loadScreenMessages(domain: ScreenDomain, lang: Language): Promise<void> {
  wantedScreens.add(domain)
  return new Promise<void>((resolve) => withCatalogue(lang, resolve))
}

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

/**
 * The one plural rule (issue 22: "1 items"): a message counted by {count} may have a singular form
 * under `<key>.one`, used when the count is exactly 1 ("1 item", "2 items"). Chinese has no plural:
 * its `.one` text is the same as the other.
 */
export const pluralKey = (key: MessageKey, params?: Params): MessageKey =>
  params && 'count' in params && Number(params.count) === 1 ? (`${key}.one` as MessageKey) : key

export function translate(lang: Language, key: MessageKey, params?: Params): string {
  const one = pluralKey(key, params)
  const text =
    (one !== key ? (catalogues[lang]?.[one] ?? catalogues.en?.[one]) : undefined) ??
    catalogues[lang]?.[key] ??
    catalogues.en?.[key] ??
    key
  if (!params) return text
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
}

export const allKeys = (lang: Language) => Object.keys(catalogues[lang] ?? {}) as MessageKey[]
