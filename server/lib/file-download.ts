import type { FastifyReply } from 'fastify'

/**
 * A stored file sent to its owner as a download: its own type, never sniffed, never cached by a shared cache, and its
 * name in both forms of content-disposition (an ASCII fallback and the UTF-8 original, RFC 6266).
 */
export function sendDownload(reply: FastifyReply, f: { file_name: string; mime: string; content: Uint8Array }) {
  const ascii = f.file_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return reply
    .header('content-type', f.mime)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.file_name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(f.content))
}
