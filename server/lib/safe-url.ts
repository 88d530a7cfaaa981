/** Query parameters that carry one-time secrets through a redirect (login tickets, WeChat proofs, OAuth codes). */
const SECRET_PARAMS = ['ticket', 'jwt', 'code', 'state', 'token', 'session_key', 'js_code', 'secret']

/** The URL as it may appear in a log line: secret query values replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  const parts = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=')
    const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase()
    return eq >= 0 && SECRET_PARAMS.includes(name) ? `${pair.slice(0, eq)}=[redacted]` : pair
  })
  return `${url.slice(0, q)}?${parts.join('&')}`
}

function decodeURIComponentSafe(s: string) {
  try { return decodeURIComponent(s) } catch { return s }
}
