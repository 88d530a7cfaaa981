import { startSupplyCentreLookup } from './sp-centre-lookup'
// the anonymous browsing history merges right after login, on any screen (history.ts subscribes to
// the session when it loads, and looks at the session as it is then)
import '../engagement/history'

/** The signed-in user's launch tasks: the supply-centre lookup (spec section 4) and the history merge. */
export function startAll() {
  startSupplyCentreLookup()
}
