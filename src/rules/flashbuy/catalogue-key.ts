/**
 * The message of a sale's catalogue label (CATALOGUE_LABEL in types/flashbuy/rules.ts), the same on
 * the flash-sale list and the flash-buy submit screen.
 */
export const CATALOGUE_KEY = {
  inProgress: 'flashbuy.catalogue.inProgress',
  comingSoon: 'flashbuy.catalogue.comingSoon',
  empty: 'flashbuy.catalogue.empty',
  expired: 'flashbuy.catalogue.expired',
} as const
