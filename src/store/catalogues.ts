// The mini-program: both catalogues at launch, screens' messages included (a package has no script
// to load later; they are small next to its budget). H5: catalogues.h5.ts and screen-messages.h5.ts.
import { en, zh } from '../i18n/index'
import { registerCatalogue } from '../i18n/translate'

registerCatalogue('en', en)
registerCatalogue('zh', zh)
