/**
 * Messages of notifications, supply centre, persona and customer-service chat (issue 4), English and Chinese side by side.
 * A test fails on any key missing from either language.
 */
export const serviceEn = {
}
export const serviceZh: Record<keyof typeof serviceEn, string> = {
}
