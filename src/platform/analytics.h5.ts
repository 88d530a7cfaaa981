/** H5 (see analytics.ts): the page's cookies and the global analytics object, raw; src/rules/service/chat.ts reads them. */
export function browserAnalyticsSources(): { cookie: string; ga: unknown } | null {
  if (typeof document === 'undefined') return null
  return { cookie: document.cookie, ga: (window as unknown as { ga?: unknown }).ga }
}
