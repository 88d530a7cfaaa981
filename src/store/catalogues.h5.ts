// H5: the first load carries no catalogue; the active language's is a chunk of its own (~10 KB
// gzipped each), fetched as soon as the entry runs, and the app starts once it is there (this module
// awaits it, so the entry that imports it does too: no text is ever drawn as a key). The other
// language loads when the user switches (the locale store waits for it before switching).
import { setCatalogueLoader, setScreenLoader, loadCatalogue, type Catalogue, type Language } from '../i18n/translate'
import { useLocale } from './locale'

setCatalogueLoader((lang: Language): Promise<Catalogue> =>
  lang === 'zh'
    ? import(/* webpackChunkName: "i18n-zh" */ '../i18n/zh').then((m) => m.zh)
    : import(/* webpackChunkName: "i18n-en" */ '../i18n/en').then((m) => m.en),
)

// a subpackage's screen messages: one chunk per domain and language, loaded by its pages (screen-messages.h5.ts)
setScreenLoader((domain, lang): Promise<Catalogue> => {
  if (domain === 'flashbuy') {
    return lang === 'zh'
      ? import(/* webpackChunkName: "i18n-zh-flashbuy" */ '../i18n/zh/screens/flashbuy').then((m) => m.flashbuyZh)
      : import(/* webpackChunkName: "i18n-en-flashbuy" */ '../i18n/screens/flashbuy').then((m) => m.flashbuyEn)
  }
  if (domain === 'membership') {
    return lang === 'zh'
      ? import(/* webpackChunkName: "i18n-zh-membership" */ '../i18n/zh/screens/membership').then((m) => m.membershipZh)
      : import(/* webpackChunkName: "i18n-en-membership" */ '../i18n/screens/membership').then((m) => m.membershipEn)
  }
  return lang === 'zh'
    ? import(/* webpackChunkName: "i18n-zh-order" */ '../i18n/zh/screens/order').then((m) => m.orderScreensZh)
    : import(/* webpackChunkName: "i18n-en-order" */ '../i18n/screens/order').then((m) => m.orderScreensEn)
})

await loadCatalogue(useLocale.getState().language)
