/**
 * Messages of My, ship-to addresses, AR statement and invoices (issue 4), English and Chinese side by side.
 * A test fails on any key missing from either language.
 */
export const accountEn = {
}
export const accountZh: Record<keyof typeof accountEn, string> = {
}
