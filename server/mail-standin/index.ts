import { SMTPServer } from 'smtp-server'

/**
 * The local mail stand-in (issue 12: "a mail transport that is configurable (SMTP by URL) with a
 * local stand-in that tests can read"). A real SMTP server (smtp-server) on 127.0.0.1 and a free
 * port; server/lib/mail.ts sends to it with nodemailer's SMTP transport exactly as it would to a
 * real relay when MAIL_URL is unset outside production. Received messages stay in memory (the last
 * 100), read through GET /__mail/messages (mounted only with the stand-in, never in production).
 */

export interface ReceivedAttachment {
  filename: string
  contentType: string
  size: number
  /** base64 of the decoded bytes */
  content: string
}

export interface ReceivedMessage {
  id: number
  receivedAt: string
  /** SMTP envelope */
  mailFrom: string
  rcptTo: string[]
  /** headers */
  from: string
  to: string
  cc: string
  subject: string
  messageId: string
  text: string
  attachments: ReceivedAttachment[]
  size: number
}

export interface MailStandIn {
  port: number
  messages: ReceivedMessage[]
  clear(): void
  close(): Promise<void>
}

const KEEP = 100
const MAX_SIZE = 25 * 1024 * 1024

export async function startMailStandIn(): Promise<MailStandIn> {
  const messages: ReceivedMessage[] = []
  let seq = 0
  const server = new SMTPServer({
    // local only, no TLS, no login: a stand-in that nodemailer reaches over plain SMTP
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_SIZE,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks)
          const parsed = parseMessage(raw)
          messages.push({
            id: ++seq,
            receivedAt: new Date().toISOString(),
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            ...parsed,
            size: raw.length,
          })
          if (messages.length > KEEP) messages.splice(0, messages.length - KEEP)
          callback()
        } catch (err) {
          callback(err as Error)
        }
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  server.on('error', () => undefined)
  const addr = server.server.address()
  const port = typeof addr === 'object' && addr ? addr.port : 0
  return {
    port,
    messages,
    clear: () => {
      messages.length = 0
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// ---- a small MIME reader: enough for what nodemailer writes (multipart/mixed, base64, quoted-printable, encoded words)

type Headers = Record<string, string>

function splitHead(part: Buffer): { headers: Headers; body: Buffer } {
  let i = part.indexOf('\r\n\r\n')
  let sep = 4
  if (i < 0) {
    i = part.indexOf('\n\n')
    sep = 2
  }
  const head = i < 0 ? part.toString('latin1') : part.subarray(0, i).toString('latin1')
  const body = i < 0 ? Buffer.alloc(0) : part.subarray(i + sep)
  const headers: Headers = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const c = line.indexOf(':')
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim()
  }
  return { headers, body }
}

const param = (value: string | undefined, name: string) => {
  if (!value) return ''
  const star = new RegExp(`${name}\\*=(?:UTF-8|utf-8)''([^;]+)`).exec(value)
  if (star) return decodeURIComponent(star[1])
  const m = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(value)
  return m ? decodeWords(m[1]) : ''
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) */
function decodeWords(s: string): string {
  return s
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*(?==\?)/g, '=?$1?$2?$3?=')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _cs, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
}

function decodeBody(body: Buffer, encoding: string | undefined): Buffer {
  const enc = (encoding ?? '').toLowerCase()
  if (enc === 'base64') return Buffer.from(body.toString('latin1').replace(/\s+/g, ''), 'base64')
  if (enc === 'quoted-printable') {
    const s = body.toString('latin1').replace(/=\r?\n/g, '')
    return Buffer.from(
      s.replace(/=([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    )
  }
  return body
}

function walk(part: Buffer, out: { text: string; attachments: ReceivedAttachment[] }) {
  const { headers, body } = splitHead(part)
  const type = headers['content-type'] ?? 'text/plain'
  if (/^multipart\//i.test(type)) {
    const boundary = param(type, 'boundary')
    if (!boundary) return
    const marker = Buffer.from(`--${boundary}`)
    let at = body.indexOf(marker)
    while (at >= 0) {
      const start = at + marker.length
      if (body.subarray(start, start + 2).toString() === '--') break
      const next = body.indexOf(marker, start)
      if (next < 0) break
      // the part sits between the line ending after the marker and the one before the next marker
      const inner = body
        .subarray(body.indexOf('\n', start) + 1, next)
        .toString('latin1')
        .replace(/\r?\n$/, '')
      walk(Buffer.from(inner, 'latin1'), out)
      at = next
    }
    return
  }
  const disposition = headers['content-disposition'] ?? ''
  const decoded = decodeBody(body, headers['content-transfer-encoding'])
  const filename = param(disposition, 'filename') || param(type, 'name')
  if (/^attachment/i.test(disposition) || filename) {
    out.attachments.push({
      filename,
      contentType: type.split(';')[0].trim(),
      size: decoded.length,
      content: decoded.toString('base64'),
    })
  } else if (/^text\/plain/i.test(type) && !out.text) {
    out.text = decoded.toString('utf8')
  }
}

export function parseMessage(
  raw: Buffer,
): Pick<ReceivedMessage, 'from' | 'to' | 'cc' | 'subject' | 'messageId' | 'text' | 'attachments'> {
  const { headers } = splitHead(raw)
  const out = { text: '', attachments: [] as ReceivedAttachment[] }
  walk(raw, out)
  return {
    from: decodeWords(headers.from ?? ''),
    to: decodeWords(headers.to ?? ''),
    cc: decodeWords(headers.cc ?? ''),
    subject: decodeWords(headers.subject ?? ''),
    messageId: headers['message-id'] ?? '',
    ...out,
  }
}
