import { en } from './en'
import { zh } from './zh'
import { registerCatalogue } from './translate'

/**
 * Both catalogues, registered: for the tests and tools that read every message. App code imports
 * ./translate (no catalogue) so that the H5 build can load one language at a time (store/catalogues.h5.ts).
 */
registerCatalogue('en', en)
registerCatalogue('zh', zh)

export { en, zh }
export * from './translate'
