/**
 * Messages of the product screens (issue 3), English and Chinese side by side.
 * A test fails on any key missing from either language.
 */
export const productEn = {
} as const

export const productZh: Record<keyof typeof productEn, string> = {
}
