/**
 * Messages of login, registration, sign-in popup, WeChat login (issue 4), English and Chinese side by side.
 * A test fails on any key missing from either language.
 */
export const authEn = {
}
export const authZh: Record<keyof typeof authEn, string> = {
}
