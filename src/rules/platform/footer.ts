import type { Country } from '../constants'
import type { RouteName } from '../../../types/routes'

export interface FooterItem {
  key: 'home' | 'categories' | 'cart' | 'my'
  route: RouteName
  label: 'nav.home' | 'nav.categories' | 'nav.cart' | 'nav.my'
}

/**
 * Spec section 2: "Footer navigation: Home, Categories, Cart, My. Categories and My show only for
 * countries where the mobile footer applies; a variant without the My tab exists. ... Footer items
 * are laid out in grid chunks of 4."
 * The spec does not list those countries; China, the default region, is the one this store's
 * mobile footer applies to.
 */
export const MOBILE_FOOTER_COUNTRIES: readonly Country[] = ['cn']

export const FOOTER_CHUNK = 4

const ALL: FooterItem[] = [
  { key: 'home', route: 'home', label: 'nav.home' },
  { key: 'categories', route: 'categories', label: 'nav.categories' },
  { key: 'cart', route: 'cart', label: 'nav.cart' },
  { key: 'my', route: 'my', label: 'nav.my' },
]

export function footerItems(country: Country, variant: 'full' | 'withoutMy' = 'full'): FooterItem[] {
  const mobile = MOBILE_FOOTER_COUNTRIES.includes(country)
  return ALL.filter((i) => {
    if (i.key === 'categories') return mobile
    if (i.key === 'my') return mobile && variant === 'full'
    return true
  })
}

export function chunk<T>(items: T[], size = FOOTER_CHUNK): T[][] {
  const rows: T[][] = []
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size))
  return rows
}
