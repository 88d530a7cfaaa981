import type { FastifyInstance } from 'fastify'

/**
 * Product pictures. The catalogue stores an image path per product (spec section 3: the app adds
 * -150.jpg or -650.jpg). No photo library ships with this repo, so the server draws a labelled
 * vector picture per product and size (served as SVG under the .jpg name the app asks for);
 * a real image store can replace this route without touching the app.
 */
const FILE = /^([A-Za-z0-9][A-Za-z0-9._-]{0,40})-(150|650)\.jpg$/
const PALETTE = ['#0b5fa5', '#1a9b4b', '#7b3fa0', '#c2571a', '#0f8a8a', '#a83262']

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

function hue(s: string) {
  let h = 0
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return PALETTE[h % PALETTE.length]
}

export function productSvg(catalogNumber: string, size: number): string {
  const c = hue(catalogNumber)
  const label = escapeXml(catalogNumber)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
<rect width="100" height="100" rx="8" fill="#f2f4f7"/>
<rect x="38" y="14" width="24" height="8" rx="2" fill="${c}"/>
<path d="M40 22h20v48a10 10 0 0 1-20 0z" fill="#fff" stroke="${c}" stroke-width="2.5"/>
<path d="M41.3 50h17.4v20a8.7 8.7 0 0 1-17.4 0z" fill="${c}" opacity="0.35"/>
<text x="50" y="92" font-family="Helvetica,Arial,sans-serif" font-size="8" text-anchor="middle" fill="#6b778c">${label}</text>
</svg>`
}

export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150" viewBox="0 0 100 100">
<rect width="100" height="100" rx="8" fill="#f2f4f7"/>
<rect x="28" y="30" width="44" height="34" rx="4" fill="none" stroke="#b0b8c5" stroke-width="3"/>
<circle cx="40" cy="42" r="4" fill="#b0b8c5"/><path d="M31 60l12-11 8 7 7-6 11 10" fill="none" stroke="#b0b8c5" stroke-width="3"/>
</svg>`

export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>('/media/products/:file', async (req, reply) => {
    const m = FILE.exec(req.params.file)
    if (!m) return reply.code(404).type('text/plain').send('Not found')
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(productSvg(m[1], Number(m[2])))
  })
  app.get('/media/placeholder.svg', async (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(PLACEHOLDER_SVG),
  )
}
