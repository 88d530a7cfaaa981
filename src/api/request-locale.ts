import { translate, type Language, type MessageKey, type Params } from '../i18n/translate'

/**
 * The country and language that requests carry (spec section 7 headers) and that the request
 * layer's own error messages are written in. The locale store registers itself as the source, so the
 * API layer does not import the store.
 */
export interface RequestLocale {
  country: string
  language: Language
}

let source: () => RequestLocale = () => ({ country: 'cn', language: 'zh' })

export function setRequestLocaleSource(next: () => RequestLocale) {
  source = next
}

export const requestLocale = (): RequestLocale => source()

/** A message of the request layer in the current language. */
export const requestMessage = (key: MessageKey, params?: Params) => translate(source().language, key, params)
