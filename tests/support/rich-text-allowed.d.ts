export const ALLOWED_TAGS: readonly string[]
export const ALLOWED_ATTRIBUTES: readonly string[]
