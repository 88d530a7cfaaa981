import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'

/** Where the local stand-in of the chat widget is served (outside /api). */
export const STAND_IN_PATH = '/__chat'

/** The payload fields of spec section 7, in the order the page lists them, with their labels. */
const PAYLOAD_FIELDS: [string, string][] = [
  ['employeeId', 'Employee id'],
  ['email', 'Email'],
  ['name', 'Name'],
  ['analyticsId', 'Analytics id'],
  ['location', 'Location'],
  ['country', 'Country'],
  ['phone', 'Phone'],
  ['company', 'Company'],
]
const MAX_VALUE = 500

export function escapeHtml(v: string): string {
  return v.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** An image or link address the page may use: http(s) or a path on this host; anything else is dropped. */
export function safeUrl(v: string): string | null {
  if (/^\/(?!\/)/.test(v)) return v
  try {
    const u = new URL(v)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null
  } catch {
    return null
  }
}

function pick(query: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!query || typeof query !== 'object') return out
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    const s = Array.isArray(v) ? v[0] : v
    if (typeof s === 'string') out[k] = s.slice(0, MAX_VALUE)
  }
  return out
}

/** The stand-in page: the received payload and product card, HTML-escaped, and a message box that echoes. */
export function renderStandIn(query: unknown, nonce: string): string {
  const q = pick(query)
  const rows = PAYLOAD_FIELDS.map(
    ([key, label]) =>
      `<tr data-field="${key}"><th>${label}</th><td>${q[key] ? escapeHtml(q[key]) : '<span class="none">(none)</span>'}</td></tr>`,
  ).join('')
  const image = q.productImage ? safeUrl(q.productImage) : null
  const card =
    q.productCatalogNumber || q.productTitle
      ? `<section class="card" data-card>
        ${image ? `<img src="${escapeHtml(image)}" alt="" width="75" height="75">` : ''}
        <div><strong data-card-title>${escapeHtml(q.productTitle ?? '')}</strong>
        <div data-card-catalog>${escapeHtml(q.productCatalogNumber ?? '')}</div>
        <div data-card-description>${escapeHtml(q.productDescription ?? '')}</div></div>
      </section>`
      : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Customer service (local stand-in)</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0;padding:12px;color:#1f2d3d;background:#f5f6f8}
h1{font-size:16px;margin:0 0 8px}p.note{color:#6b778c;margin:0 0 12px}
table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #e6e9ef;word-break:break-all}
th{width:35%;color:#6b778c;font-weight:normal}.none{color:#b0b8c5}
.card{display:flex;gap:10px;margin:12px 0;padding:10px;background:#fff;border-radius:8px}
#log{margin:12px 0;padding:0;list-style:none}#log li{margin:4px 0;padding:6px 10px;background:#fff;border-radius:8px}
#log li.me{background:#e3effa;text-align:right}form{display:flex;gap:8px}input{flex:1;padding:8px}
</style></head>
<body>
<h1>Customer service (local stand-in)</h1>
<p class="note">The chat vendor cannot be reached from this environment. This page shows what the app sent and echoes your messages.</p>
<table>${rows}</table>
${card}
<ul id="log"></ul>
<form id="f"><input id="m" maxlength="500" autocomplete="off" aria-label="Message"><button>Send</button></form>
<script nonce="${nonce}">
(function(){var f=document.getElementById('f'),m=document.getElementById('m'),log=document.getElementById('log');
function add(t,c){var li=document.createElement('li');li.className=c;li.textContent=t;log.appendChild(li)}
f.addEventListener('submit',function(e){e.preventDefault();var t=m.value.trim();if(!t)return;add(t,'me');add('Echo: '+t,'agent');m.value=''})})();
</script>
</body></html>`
}

/**
 * The local stand-in of the chat widget, registered outside /api. Not mounted in production: there
 * the widget is the vendor's (CHAT_WIDGET_URL) or none.
 */
export async function chatStandInRoutes(app: FastifyInstance, opts: { config?: Pick<Config, 'NODE_ENV'> } = {}) {
  if ((opts.config ?? app.config).NODE_ENV === 'production') return
  app.get(STAND_IN_PATH, async (req, reply) => {
    const nonce = crypto.randomBytes(16).toString('base64')
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        `default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'none'; base-uri 'none'`,
      )
      .send(renderStandIn(req.query, nonce))
  })
}
