// H5: the messages of the flashbuy subpackage's screens (i18n/screens/flashbuy.ts) are not in the first load: a
// page of the subpackage imports this module, which waits for them (one small chunk per language), so
// the page never draws a key. A later language switch brings them in the new language too.
import { loadScreenMessages } from '../../i18n/translate'
import { useLocale } from '../locale'

await loadScreenMessages('flashbuy', useLocale.getState().language)
