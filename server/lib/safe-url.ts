/**
 * Query parameters that carry credentials or one-time secrets: login tickets, WeChat proofs, OAuth codes
 * and state, and any token, key, secret, password, session or signature a client may put in a URL
 * (`?access_token=`, `?refresh_token=`, `?api_key=`, `?X-Amz-Signature=`, `?user[password]=` ...).
 */
const SECRET_NAMES = new Set(['ticket', 'jwt', 'code', 'state', 'nonce', 'js_code', 'code_verifier', 'auth', 'authorization', 'key', 'sig', 'otp', 'assertion', 'cookie'])
const SECRET_PARTS = /token|secret|passw|pwd|session|signature|credential|api[-_]?key|access[-_]?key|private[-_]?key|assertion/

/** true when a query parameter of this name may carry a credential (case-insensitive) */
export function isCredentialParam(name: string): boolean {
  const n = name.toLowerCase()
  return SECRET_NAMES.has(n) || SECRET_PARTS.test(n)
}

/** The URL as it may appear in a log line: credential-bearing query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const parts = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=')
    const name = decodeURIComponentSafe((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '))
    return eq >= 0 && isCredentialParam(name) ? `${pair.slice(0, eq)}=[redacted]` : pair
  })
  return `${url.slice(0, q)}?${parts.join('&')}`
}

function decodeURIComponentSafe(s: string) {
  try { return decodeURIComponent(s) } catch { return s }
}
