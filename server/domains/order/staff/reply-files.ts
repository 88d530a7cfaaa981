import crypto from 'node:crypto'
import { ApiError } from '../../../errors'
import { checkReturnFile, safeFileName, typeOfName, MAGIC_BYTES_NEEDED } from '../../../../types/order/return-rules'
import { BIDI_CONTROLS } from '../../../../types/order/return-rules'
import type { EnquiryReplyBody } from '../../../../types/service/staff-schemas'

/**
 * The files and the text of a staff reply to an enquiry (issue 24), checked before anything is written.
 * Files follow the buyers' rules (types/order/return-rules.ts): JPEG, PNG or PDF by name, above 0 bytes and at most
 * 5 MB, at most 2, the first bytes matching the type, and the declared contentType the type of the name; the name
 * is cleaned like theirs (safeFileName: no path, control or bidi characters).
 */

export interface ReplyFile {
  name: string
  mime: 'image/jpeg' | 'image/png' | 'application/pdf'
  bytes: Buffer
  sha256: string
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

const bad = (message: string, reason: string) => new ApiError(400, 'VALIDATION_ERROR', message, reason)

export function replyFiles(attachments: EnquiryReplyBody['attachments']): ReplyFile[] {
  return (attachments ?? []).map((a, i) => {
    const name = safeFileName(a.name)
    const at = `body/attachments/${i}`
    const type = typeOfName(name)
    if (!type) throw bad(`${at}: wrong file type (${name}): JPEG, PNG or PDF only`, 'UPLOAD_WRONG_TYPE')
    if (type.mime !== a.contentType)
      throw bad(`${at}: contentType ${a.contentType} is not the type of ${name} (${type.mime})`, 'UPLOAD_WRONG_TYPE')
    const b64 = a.base64.replace(/\s+/g, '')
    if (b64.length % 4 !== 0 || !BASE64.test(b64)) throw bad(`${at}/base64 is not base64`, 'UPLOAD_FAILED')
    const bytes = Buffer.from(b64, 'base64')
    const e = checkReturnFile({ name, size: bytes.length, head: bytes.subarray(0, MAGIC_BYTES_NEEDED) })
    if (e === 'empty' || e === 'tooLarge')
      throw bad(
        `${at}: the file is empty or too large (${name}): above 0 bytes and at most 5 MB`,
        'UPLOAD_EMPTY_OR_TOO_LARGE',
      )
    if (e) throw bad(`${at}: the content does not match the file type (${name})`, 'UPLOAD_WRONG_TYPE')
    return { name, mime: type.mime, bytes, sha256: crypto.createHash('sha256').update(bytes).digest('hex') }
  })
}

/**
 * A staff text as it is stored and shown (as text, never as HTML, in the app and in the email): line ends made \n,
 * control characters other than \n and \t and the bidi controls removed (a reversed name cannot fake its
 * extension), trimmed. Unstorable characters (NUL, lone surrogates) never get here: the app refuses them at the
 * edge (server/lib/storable-text.ts).
 */
export function staffText(s: string): string {
  return s
    .replace(/\r\n?/g, '\n')
    .replace(BIDI_CONTROLS, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
    .trim()
}
