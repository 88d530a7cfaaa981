// The mini-program: both catalogues at launch (a package has no script to load later; they are small
// next to its budget). H5: catalogues.h5.ts.
import { en } from '../i18n/en'
import { zh } from '../i18n/zh'
import { registerCatalogue } from '../i18n/translate'

registerCatalogue('en', en)
registerCatalogue('zh', zh)
