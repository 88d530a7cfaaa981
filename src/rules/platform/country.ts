import { DEFAULT_COUNTRY, type Country } from '../constants'

/**
 * Which country the app runs in (prices, currency, flags, the header badge).
 * Spec section 1: "Logged-in users have a country, language, account info ..." and "Countries are cn
 * (default) and in." Issue 8: a logged-in user's country comes from the account (GET /users/info
 * `country`); the country picked by hand on My still overrides it.
 */
export function effectiveCountry({ picked, account }: { picked: Country | null; account: Country | null }): Country {
  return picked ?? account ?? DEFAULT_COUNTRY
}
