/**
 * Messages of the browse screens (issue 3), English and Chinese side by side.
 * A test fails on any key missing from either language.
 */
export const browseEn = {
} as const

export const browseZh: Record<keyof typeof browseEn, string> = {
}
