import { create } from 'zustand'
import { persist, createJSONStorage } from 'zustand/middleware'
import {
  normalizeLanguage,
  translate,
  withCatalogue,
  type Language,
  type MessageKey,
  type Params,
} from '../i18n/translate'
import { COUNTRIES, DEFAULT_COUNTRY, type Country } from '../rules/constants'
import { effectiveCountry } from '../rules/platform/country'
import { persistStorage } from '../platform/storage'
import { deviceLanguage } from '../platform/system'
import { setRequestLocaleSource } from '../api/request-locale'
import { rememberLocaleForFirstScreen } from '../platform/first-screen'

interface LocaleState {
  language: Language
  /** the country in use: the one picked on My, else the logged-in account's, else cn (rules/platform/country.ts) */
  country: Country
  /** picked by hand on My; overrides the account's */
  pickedCountry: Country | null
  /** the logged-in account's country (GET /users/info); null for a visitor */
  accountCountry: Country | null
  setLanguage: (l: string) => void
  /** the user's pick on My */
  setCountry: (c: Country) => void
  /** the session adopts the account's country on login and revalidation, and drops it on logout */
  adoptAccountCountry: (c: Country | null) => void
}

const known = (c: unknown): Country | null => (COUNTRIES.includes(c as Country) ? (c as Country) : null)

type Persisted = Pick<LocaleState, 'language' | 'pickedCountry' | 'accountCountry'>

/** Language and country: chosen by the user, persisted; first run follows the device language. */
export const useLocale = create<LocaleState>()(
  persist(
    (set, get) => ({
      language: normalizeLanguage(deviceLanguage() || 'zh'),
      country: DEFAULT_COUNTRY,
      pickedCountry: null,
      accountCountry: null,
      // the H5 build holds one catalogue at a time: switch once the new one is there (at once when it is)
      setLanguage: (l) => {
        const language = normalizeLanguage(l)
        withCatalogue(language, () => set({ language }))
      },
      setCountry: (c) => {
        const picked = known(c) ?? DEFAULT_COUNTRY
        set({ pickedCountry: picked, country: effectiveCountry({ picked, account: get().accountCountry }) })
      },
      adoptAccountCountry: (c) => {
        const account = known(c)
        set({ accountCountry: account, country: effectiveCountry({ picked: get().pickedCountry, account }) })
      },
    }),
    {
      name: 'locale',
      version: 1,
      storage: createJSONStorage(() => persistStorage),
      partialize: (s): Persisted => ({
        language: s.language,
        pickedCountry: s.pickedCountry,
        accountCountry: s.accountCountry,
      }),
      // version 0 kept only { language, country }: a country other than the default was a pick on My
      migrate: (old, version) => {
        const o = (old ?? {}) as Partial<Persisted> & { country?: unknown }
        if (version >= 1) return o as Persisted
        const c = known(o.country)
        return {
          language: o.language as Language,
          pickedCountry: c && c !== DEFAULT_COUNTRY ? c : null,
          accountCountry: null,
        }
      },
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Persisted>
        const pickedCountry = known(p.pickedCountry)
        const accountCountry = known(p.accountCountry)
        return {
          ...current,
          language: p.language ? normalizeLanguage(p.language) : current.language,
          pickedCountry,
          accountCountry,
          country: effectiveCountry({ picked: pickedCountry, account: accountCountry }),
        }
      },
    },
  ),
)

// requests carry the chosen country and language (spec section 7 headers)
setRequestLocaleSource(() => useLocale.getState())

// H5: the server draws the next first screen in them (platform/first-screen.h5.ts)
rememberLocaleForFirstScreen(useLocale.getState().language, useLocale.getState().country)
useLocale.subscribe((s) => rememberLocaleForFirstScreen(s.language, s.country))

/** Translate outside React (toasts, stores). */
export const t = (key: MessageKey, params?: Params) => translate(useLocale.getState().language, key, params)

/** Translate inside React: re-renders when the language changes. */
export function useT() {
  const language = useLocale((s) => s.language)
  return (key: MessageKey, params?: Params) => translate(language, key, params)
}
