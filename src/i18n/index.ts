import { en as firstLoadEn, type MessageKey } from './en'
import { zh as firstLoadZh } from './zh'
import { orderScreensEn } from './screens/order'
import { flashbuyEn } from './screens/flashbuy'
import { orderScreensZh } from './zh/screens/order'
import { flashbuyZh } from './zh/screens/flashbuy'
import { membershipEn } from './screens/membership'
import { membershipZh } from './zh/screens/membership'
import { registerCatalogue } from './translate'

/**
 * Both catalogues whole (first load and every screen's messages), registered: for the tests and tools
 * that read every message. App code imports ./translate (no catalogue) so that the H5 build can load
 * one language at a time, and a subpackage's screen messages with its pages (store/catalogues.h5.ts,
 * store/<domain>/screens.h5.ts).
 */
export const en: Record<MessageKey, string> = { ...firstLoadEn, ...orderScreensEn, ...flashbuyEn, ...membershipEn }
export const zh: Record<MessageKey, string> = { ...firstLoadZh, ...orderScreensZh, ...flashbuyZh, ...membershipZh }
registerCatalogue('en', en)
registerCatalogue('zh', zh)

export * from './translate'
