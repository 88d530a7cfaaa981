import { msg, type PageLang } from './messages'

/** HTML of the embedded provider's pages: plain forms, mobile-friendly, every value HTML-escaped. */

export const escapeHtml = (v: unknown) => String(v ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`)

export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f6f8;color:#1f2329}
main{max-width:420px;margin:0 auto;padding:24px 16px}h1{font-size:24px;margin:8px 0 4px}.intro{color:#555;margin:0 0 16px}
form{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
label{display:block;font-weight:600;margin:12px 0 4px}input,select{width:100%;padding:12px;font-size:16px;border:1px solid #c9cdd4;border-radius:6px}
input[aria-invalid=true]{border-color:#d4380d}.hint{font-size:13px;color:#666;margin:4px 0 0}.err{font-size:14px;color:#d4380d;margin:4px 0 0}
.alert{background:#fff2f0;border:1px solid #ffccc7;color:#a8071a;padding:12px;border-radius:6px;margin:0 0 12px}
button{width:100%;margin-top:20px;padding:14px;font-size:17px;border:0;border-radius:6px;background:#0b5fa5;color:#fff}
.links{margin-top:16px;text-align:center}.links a{color:#0b5fa5}.top{text-align:right}.top a{color:#0b5fa5}
`

export function layout(lang: PageLang, title: string, body: string, langSwitchHref?: string): string {
  const sw = langSwitchHref
    ? `<p class="top"><a href="${escapeHtml(langSwitchHref)}" lang="${lang === 'en' ? 'zh' : 'en'}">${escapeHtml(msg(lang, 'switchLanguage'))}</a></p>`
    : ''
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${sw}${body}</main></body></html>`
}

function field(o: {
  name: string
  label: string
  type?: string
  value?: string
  error?: string
  hint?: string
  autocomplete?: string
  required?: boolean
  maxlength?: number
}): string {
  const id = `f-${o.name}`
  const described = [o.hint ? `${id}-hint` : '', o.error ? `${id}-err` : ''].filter(Boolean).join(' ')
  return `<label for="${id}">${escapeHtml(o.label)}</label>
<input id="${id}" name="${escapeHtml(o.name)}" type="${o.type ?? 'text'}" value="${escapeHtml(o.value ?? '')}"${o.autocomplete ? ` autocomplete="${o.autocomplete}"` : ''}${o.required === false ? '' : ' required'}${o.maxlength ? ` maxlength="${o.maxlength}"` : ''}${o.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${o.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(o.hint)}</p>` : ''}${o.error ? `<p class="err" id="${id}-err" role="alert">${escapeHtml(o.error)}</p>` : ''}`
}

export function loginPage(o: {
  lang: PageLang
  uid: string
  username?: string
  error?: string
  base: string
  /** the staff client's sign-in: its own title, no "Create account" */
  staff?: boolean
}): string {
  const { lang, uid } = o
  const action = `${o.base}/interaction/${encodeURIComponent(uid)}`
  const title = msg(lang, o.staff ? 'staffSignInTitle' : 'signInTitle')
  const register = o.staff
    ? `<p class="links">${escapeHtml(msg(lang, 'noStaffRegistration'))}</p>`
    : `<p class="links">${escapeHtml(msg(lang, 'noAccount'))} <a href="${escapeHtml(action)}/register?lang=${lang}">${escapeHtml(msg(lang, 'createAccount'))}</a></p>`
  const body = `<h1>${escapeHtml(title)}</h1><p class="intro">${escapeHtml(msg(lang, o.staff ? 'staffSignInIntro' : 'signInIntro'))}</p>
<form method="post" action="${escapeHtml(action)}/login" novalidate>
${o.error ? `<div class="alert" role="alert">${escapeHtml(o.error)}</div>` : ''}
<input type="hidden" name="lang" value="${lang}">
${field({ name: 'username', label: msg(lang, 'username'), value: o.username, autocomplete: 'username', maxlength: 128 })}
${field({ name: 'password', label: msg(lang, 'password'), type: 'password', autocomplete: 'current-password', maxlength: 200 })}
<button type="submit">${escapeHtml(msg(lang, 'signIn'))}</button>
</form>
${register}
<p class="links"><a href="${escapeHtml(action)}/abort">${escapeHtml(msg(lang, 'cancel'))}</a></p>`
  return layout(lang, title, body, `${action}?view=login&lang=${lang === 'en' ? 'zh' : 'en'}`)
}

export interface RegisterValues {
  username?: string
  email?: string
  firstName?: string
  lastName?: string
  language?: string
}
export type RegisterErrors = Partial<Record<'username' | 'email' | 'firstName' | 'lastName' | 'password', string>>

export function registerPage(o: {
  lang: PageLang
  uid: string
  values?: RegisterValues
  errors?: RegisterErrors
  base: string
}): string {
  const { lang, uid } = o
  const v = o.values ?? {}
  const e = o.errors ?? {}
  const action = `${o.base}/interaction/${encodeURIComponent(uid)}`
  const chosen = v.language === 'en' || v.language === 'zh' ? v.language : lang
  const body = `<h1>${escapeHtml(msg(lang, 'registerTitle'))}</h1><p class="intro">${escapeHtml(msg(lang, 'registerIntro'))}</p>
<form method="post" action="${escapeHtml(action)}/register" novalidate>
${Object.keys(e).length ? `<div class="alert" role="alert">${escapeHtml(msg(lang, 'fixErrors'))}</div>` : ''}
<input type="hidden" name="lang" value="${lang}">
${field({ name: 'username', label: msg(lang, 'username'), value: v.username, error: e.username, hint: msg(lang, 'usernameHint'), autocomplete: 'username', maxlength: 40 })}
${field({ name: 'email', label: msg(lang, 'email'), type: 'email', value: v.email, error: e.email, autocomplete: 'email', maxlength: 120 })}
${field({ name: 'lastName', label: msg(lang, 'lastName'), value: v.lastName, error: e.lastName, autocomplete: 'family-name', maxlength: 40 })}
${field({ name: 'firstName', label: msg(lang, 'firstName'), value: v.firstName, error: e.firstName, autocomplete: 'given-name', maxlength: 40 })}
${field({ name: 'password', label: msg(lang, 'password'), type: 'password', error: e.password, hint: msg(lang, 'passwordHint'), autocomplete: 'new-password', maxlength: 200 })}
<label for="f-language">${escapeHtml(msg(lang, 'language'))}</label>
<select id="f-language" name="language"><option value="zh"${chosen === 'zh' ? ' selected' : ''} lang="zh">中文</option><option value="en"${chosen === 'en' ? ' selected' : ''} lang="en">English</option></select>
<button type="submit">${escapeHtml(msg(lang, 'createAccount'))}</button>
</form>
<p class="links">${escapeHtml(msg(lang, 'haveAccount'))} <a href="${escapeHtml(action)}?view=login&amp;lang=${lang}">${escapeHtml(msg(lang, 'signIn'))}</a></p>
<p class="links"><a href="${escapeHtml(action)}/abort">${escapeHtml(msg(lang, 'cancel'))}</a></p>`
  return layout(lang, msg(lang, 'registerTitle'), body, `${action}/register?lang=${lang === 'en' ? 'zh' : 'en'}`)
}

export function messagePage(o: {
  lang: PageLang
  title: string
  text: string
  link?: { href: string; label: string }
}): string {
  const body = `<h1>${escapeHtml(o.title)}</h1><div class="alert" role="alert">${escapeHtml(o.text)}</div>
${o.link ? `<p class="links"><a href="${escapeHtml(o.link.href)}">${escapeHtml(o.link.label)}</a></p>` : ''}`
  return layout(o.lang, o.title, body)
}
