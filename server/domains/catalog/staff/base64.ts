import { ApiError } from '../../../errors'

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/

/**
 * A file sent as base64 in a JSON body: refused with 400 when it is not base64, 413 when it decodes to more than
 * `maxBytes` (checked from the length, before decoding). Line breaks are allowed (MIME-style base64).
 */
export function decodeBase64(text: string, maxBytes: number, field: string): Buffer {
  const b64 = /[\r\n]/.test(text) ? text.replace(/[\r\n]+/g, '') : text
  if (b64.length % 4 !== 0 || !BASE64_RE.test(b64))
    throw new ApiError(400, 'VALIDATION_ERROR', `body/${field} is not base64`)
  const bytes = (b64.length / 4) * 3 - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0)
  if (bytes > maxBytes)
    throw new ApiError(
      413,
      'PAYLOAD_TOO_LARGE',
      `The file is ${(bytes / 1048576).toFixed(1)} MB; at most ${maxBytes / 1048576} MB is accepted`,
    )
  if (bytes === 0) throw new ApiError(400, 'VALIDATION_ERROR', `body/${field} is empty`)
  return Buffer.from(b64, 'base64')
}
