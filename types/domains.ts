/**
 * The one list of domain names (the spec's own). `types/`, `server/domains/`, `src/api/`,
 * `src/packages/` and `src/i18n/` name their per-domain folders and files from this list only;
 * a test (tests/app/architecture.test.ts) fails on any other name there.
 */
export const DOMAINS = [
  'catalog',
  'marketing',
  'engagement',
  'account',
  'auth',
  'cart',
  'order',
  'flashbuy',
  'membership',
  'service',
  'platform',
  // the staff back office (issue 24): server and types only; the app has no staff screens (admin/, issue 25)
  'staff',
] as const

export type Domain = (typeof DOMAINS)[number]
