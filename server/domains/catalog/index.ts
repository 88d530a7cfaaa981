/**
 * The catalog domain's public surface: what other domains and the rest of server/ may use.
 * Its routes are in ./routes.ts (mounted by server/app.ts), not here.
 */
export { accountPricingEligible, computePrice } from './pricing'
export { disclosedQuantity, displayInventory } from './price'
export { pricingContext, summariesByIds } from './summary'
export { escapeHtml } from './html'
export { ATTRIBUTE_NAMES_ZH, MULTI_VALUED_ATTRIBUTES } from './labels'
