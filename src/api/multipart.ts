/**
 * A multipart/form-data body built by hand, as bytes: the same on H5 (fetch) and in the
 * mini-program (wx.request accepts an ArrayBuffer), so one request carries the fields and both
 * files (wx.uploadFile would send one file per call). No TextEncoder: older WeChat base libraries lack it.
 */

export function utf8(s: string): Uint8Array {
  const out: number[] = []
  for (const ch of s) {
    let c = ch.codePointAt(0)!
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd
    if (c < 0x80) out.push(c)
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
  }
  return new Uint8Array(out)
}

export interface MultipartFile { field: string; name: string; mime: string; bytes: Uint8Array }

/** Quotes and line breaks of a name cannot break out of its header. */
const headerSafe = (s: string) => s.replace(/[\r\n"]/g, '_')

export function buildMultipart(fields: Record<string, string | undefined>, files: MultipartFile[], boundary: string): { body: ArrayBuffer; contentType: string } {
  const parts: Uint8Array[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue
    parts.push(utf8(`--${boundary}\r\nContent-Disposition: form-data; name="${headerSafe(name)}"\r\n\r\n${value}\r\n`))
  }
  for (const f of files) {
    parts.push(utf8(`--${boundary}\r\nContent-Disposition: form-data; name="${headerSafe(f.field)}"; filename="${headerSafe(f.name)}"\r\nContent-Type: ${f.mime}\r\n\r\n`))
    parts.push(f.bytes, utf8('\r\n'))
  }
  parts.push(utf8(`--${boundary}--\r\n`))
  const total = parts.reduce((n, p) => n + p.length, 0)
  const body = new Uint8Array(total)
  let at = 0
  for (const p of parts) { body.set(p, at); at += p.length }
  return { body: body.buffer, contentType: `multipart/form-data; boundary=${boundary}` }
}
