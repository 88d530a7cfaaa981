import polyglotI18nProvider from 'ra-i18n-polyglot'
import type { TranslationMessages } from 'react-admin'
import { en } from './en'
import { zh } from './zh'
import { currentLanguage } from './language'

/** react-admin's translations (its own strings and the console's), English and Chinese, switchable in the app bar. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'zh' ? zh : en) as unknown as TranslationMessages,
  currentLanguage(),
  [
    { locale: 'en', name: 'English' },
    { locale: 'zh', name: '中文' },
  ],
)
