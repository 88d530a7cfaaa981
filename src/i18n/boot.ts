// The mini-program: both catalogues at launch (a package has no script to load later; they are small
// next to its budget). H5: boot.h5.ts.
import { en } from './en'
import { zh } from './zh'
import { registerCatalogue } from './translate'

registerCatalogue('en', en)
registerCatalogue('zh', zh)
