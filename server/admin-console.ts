import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { CONSOLE_PREFIX } from './security-headers'

/**
 * The staff console (issue 25, built by `npm run build:admin` into dist/admin) at /admin: its hashed assets with a
 * year's cache, and index.html for every other address under /admin (the console routes in the browser, e.g.
 * /admin/signin-callback, /admin/orders/SO123/show). Its Content-Security-Policy is its own
 * (server/security-headers.ts CONSOLE_DIRECTIVES). Nothing is served when the folder has no build.
 */

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

export function registerAdminConsole(app: FastifyInstance, dir: string | null | undefined): boolean {
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) return false
  const root = path.resolve(dir)
  // read per request (a few hundred bytes): a rebuilt console is served without a restart; while a build is
  // writing the folder (no index.html for a moment) the last one read is served
  let lastIndex = fs.readFileSync(path.join(root, 'index.html'))
  const sendIndex = (_req: unknown, reply: FastifyReply) => {
    try {
      lastIndex = fs.readFileSync(path.join(root, 'index.html'))
    } catch {
      // keep the last one
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(lastIndex)
  }
  app.get(CONSOLE_PREFIX, (_req, reply) => reply.redirect(`${CONSOLE_PREFIX}/`, 302))
  app.get(`${CONSOLE_PREFIX}/`, sendIndex)
  app.get(`${CONSOLE_PREFIX}/*`, async (req, reply) => {
    const rest = (req.params as { '*': string })['*']
    if (rest.startsWith('assets/')) {
      const file = path.resolve(root, rest)
      const type = TYPES[path.extname(file)]
      if (!file.startsWith(root + path.sep) || !type || !fs.existsSync(file)) {
        return reply.status(404).type('text/plain').send('Not found')
      }
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(file))
    }
    return sendIndex(req, reply)
  })
  return true
}
