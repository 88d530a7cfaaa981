/**
 * Where the browser keeps the analytics client id (H5: analytics.h5.ts): the `_ga` cookie and the
 * global analytics object. The mini-program has neither (null); the id then comes from /users/info.
 */
export const browserAnalyticsSources = (): { cookie: string; ga: unknown } | null => null
