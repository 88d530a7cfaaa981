/**
 * Query parameters that carry credentials or one-time secrets: login tickets, WeChat proofs, OAuth codes
 * and state, and any token, key, secret, password, session or signature a client may put in a URL
 * (`?access_token=`, `?refresh_token=`, `?api_key=`, `?X-Amz-Signature=`, `?user[password]=` ...).
 */
const SECRET_NAMES = new Set([
  'ticket',
  'jwt',
  'code',
  'state',
  'nonce',
  'js_code',
  'code_verifier',
  'auth',
  'authorization',
  'key',
  'sig',
  'otp',
  'assertion',
  'cookie',
])
const SECRET_PARTS =
  /token|secret|passw|pwd|session|signature|credential|api[-_]?key|access[-_]?key|private[-_]?key|assertion/

/** true when a query parameter of this name may carry a credential (case-insensitive) */
export function isCredentialParam(name: string): boolean {
  const n = name.toLowerCase()
  return SECRET_NAMES.has(n) || SECRET_PARTS.test(n)
}

/**
 * Bearer identifiers: ids that are themselves the key to what they name, so whoever reads them in a log can use
 * them (issue 22, item 16). A visitor's cart id (`gcId`) opens and fills that cart; a lead cart's id opens the quote
 * request list of a visitor. Matched case-insensitively, with or without separators.
 */
const BEARER_IDS = new Set(['gcid', 'leadcartid'])

/** true when a query parameter of this name carries a bearer identifier (gcId, leadCartId) */
export function isBearerIdParam(name: string): boolean {
  return BEARER_IDS.has(name.toLowerCase().replace(/[-_\s]/g, ''))
}

/**
 * Addresses whose last segment is a bearer secret: the order-confirmation token ("the link's token is the key": it
 * alone confirms or cancels an order), both as the API route and as the H5 page of the link, and a lead cart's id.
 * Case-insensitive and tolerant of doubled slashes, so a mistyped address is redacted as well.
 */
const BEARER_PATHS = [
  /^(\/+api\/+order\/+confirm\/+)[^/?#]+/i,
  /^(\/+api\/+lead\/+cart\/+)[^/?#]+/i,
  /^(\/+order-confirmation\/+)[^/?#]+/i,
]

/** true when a query parameter's value must not be logged: a credential or a bearer identifier */
function isSecretParam(name: string): boolean {
  return isCredentialParam(name) || isBearerIdParam(name)
}

/**
 * The URL as it may appear in a log line: credential-bearing query values, bearer ids (gcId, leadCartId) and
 * bearer path segments (the order-confirmation token, a lead cart's id) replaced by [redacted].
 */
export function redactUrl(url: string): string {
  const q0 = url.indexOf('?')
  const pathPart = q0 < 0 ? url : url.slice(0, q0)
  let redactedPath = pathPart
  for (const re of BEARER_PATHS) redactedPath = redactedPath.replace(re, '$1[redacted]')
  url = redactedPath + (q0 < 0 ? '' : url.slice(q0))
  const q = url.indexOf('?')
  if (q < 0) return url
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = decodeURIComponentSafe((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '))
      return eq >= 0 && isSecretParam(name) ? `${pair.slice(0, eq)}=[redacted]` : pair
    })
  return `${url.slice(0, q)}?${parts.join('&')}`
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}
