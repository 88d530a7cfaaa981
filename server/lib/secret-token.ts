import crypto from 'node:crypto'

/**
 * One-time secrets handed to a browser (login states and tickets, order-export tickets): 32 random bytes,
 * base64url, and the SHA-256 they are stored by, so a copy of the table gives no usable token.
 */
export const randomToken = () => crypto.randomBytes(32).toString('base64url')
export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('base64url')
