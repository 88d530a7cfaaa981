import { create } from 'zustand'
import { persist, createJSONStorage } from 'zustand/middleware'
import { normalizeLanguage, translate, type Language, type MessageKey, type Params } from '../i18n'
import { COUNTRIES, DEFAULT_COUNTRY, type Country } from '../rules/constants'
import { persistStorage } from '../platform/storage'
import { deviceLanguage } from '../platform/system'
import { setRequestLocaleSource } from '../api/request-locale'

interface LocaleState {
  language: Language
  country: Country
  setLanguage: (l: string) => void
  setCountry: (c: Country) => void
}

/** Language and country: chosen by the user, persisted; first run follows the device language. */
export const useLocale = create<LocaleState>()(
  persist(
    (set) => ({
      language: normalizeLanguage(deviceLanguage() || 'zh'),
      country: DEFAULT_COUNTRY,
      setLanguage: (l) => set({ language: normalizeLanguage(l) }),
      setCountry: (c) => set({ country: COUNTRIES.includes(c) ? c : DEFAULT_COUNTRY })
    }),
    { name: 'locale', storage: createJSONStorage(() => persistStorage), partialize: (s) => ({ language: s.language, country: s.country }) }
  )
)

// requests carry the chosen country and language (spec section 7 headers)
setRequestLocaleSource(() => useLocale.getState())

/** Translate outside React (toasts, stores). */
export const t = (key: MessageKey, params?: Params) => translate(useLocale.getState().language, key, params)

/** Translate inside React: re-renders when the language changes. */
export function useT() {
  const language = useLocale((s) => s.language)
  return (key: MessageKey, params?: Params) => translate(language, key, params)
}
