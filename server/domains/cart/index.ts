/**
 * The cart domain's public surface: what other domains and the rest of server/ may use.
 * Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export {
  defaultSupplyCentre,
  priceLines,
  type PricingLine,
  type PricingLineInput,
  type PricingResult,
  type QuotePrice,
} from './pricing'
export { taxRateFor } from './tax'
export { PRODUCT_LINE_COLUMNS } from './pricing-load'
export { orderableQuote, quoteLines, quoteNotFound } from './orderable-quote'
