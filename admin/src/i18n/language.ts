/**
 * The console's language: Chinese or English, first from the browser (navigator.languages), then as the staff
 * member switches it (react-admin keeps the choice in its store, localStorage "RaStore.locale").
 */
export type Language = 'zh' | 'en'
export const LANGUAGES: readonly Language[] = ['en', 'zh']

export function browserLanguage(): Language {
  const langs = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language]
  for (const l of langs) {
    const code = String(l ?? '').toLowerCase()
    if (code.startsWith('zh')) return 'zh'
    if (code.startsWith('en')) return 'en'
  }
  return 'en'
}

const STORE_KEY = 'RaStore.locale'

/** the language chosen in the console (its store), else the browser's */
export function currentLanguage(): Language {
  try {
    const v = JSON.parse(localStorage.getItem(STORE_KEY) ?? 'null')
    if (v === 'zh' || v === 'en') return v
  } catch {
    // no valid choice stored
  }
  return browserLanguage()
}
