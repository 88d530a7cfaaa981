import englishMessages from 'ra-language-english'

/** react-admin's own strings in Chinese (being translated: English until then). */
export const raChinese = englishMessages as unknown as Record<string, unknown>
