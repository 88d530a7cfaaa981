import assert from 'node:assert/strict'
import { isOwnMediaPath } from '../../server/lib/sanitize'

/** What must never leave the server in rich content (marketing articles, promotion bodies). */
export const DANGEROUS = [
  /<script/i,
  /<\/script/i,
  /<style/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<svg/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /expression\s*\(/i,
  /\sstyle\s*=/i,
  /\sclass\s*=/i,
  /evil\.example/i,
  /tracker\.example/i,
]

/** Contract (types/marketing/index.ts): "allow-listed tags and attributes only; links http(s) only; images from our own /media". */
export function assertSafeHtml(html: string, label = 'html') {
  for (const re of DANGEROUS) assert.doesNotMatch(html, re, `${label} contains ${re}`)
  for (const m of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = /\ssrc="([^"]*)"/.exec(m[0])?.[1]
    assert.ok(isOwnMediaPath(src), `${label}: image not from our /media: ${m[0]}`)
  }
  for (const m of html.matchAll(/\shref="([^"]*)"/gi)) {
    assert.match(m[1], /^(https?:\/\/[^/\s]+|\/(?!\/))/i, `${label}: link must be http(s) or an app path: ${m[1]}`)
  }
}
