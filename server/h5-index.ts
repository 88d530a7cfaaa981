import fs from 'node:fs'
import path from 'node:path'
import { routeOfRouterPath } from '../types/routes'

/**
 * The H5 app's index.html for one address, with <link rel="preload"> for the JS and CSS of the page
 * that address opens (from the build's chunk-manifest.json, config/h5-chunk-manifest.js). Without them
 * the browser learns of the page chunk only once the entry scripts have run: one more round trip
 * before the first screen (about 150 ms on the slow 4G that Lighthouse simulates).
 *
 * The entry scripts are already in the head; an address that opens no known page gets index.html as
 * built. Files are read once (a new build means a server restart, as for the CSP script hashes).
 *
 * Home also preloads the picture of its first banner, the largest element of the first screen (its LCP):
 * otherwise the browser learns of it only after the entry, the page chunk and the columns API (four round
 * trips). `heroImage` says which picture that is now (cached for a minute); the app asks for the same URL.
 */
export function h5IndexHtml(staticDir: string, heroImage?: () => Promise<string | null>): (urlPath: string) => Promise<string> {
  const html = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8')
  const manifestFile = path.join(staticDir, 'chunk-manifest.json')
  const manifest: { entry: string[]; pages: Record<string, string[]> } | null = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : null
  const byPage = new Map<string, string>()
  let hero: { at: number; link: Promise<string> } | null = null
  const heroLink = (): Promise<string> => {
    if (!heroImage) return Promise.resolve('')
    if (!hero || Date.now() - hero.at > 60_000) {
      const link = heroImage().then(
        (src) => (src ? `<link rel="preload" as="image" href="${escapeAttr(src)}" fetchpriority="high">` : ''),
        () => '', // the page works without it
      )
      hero = { at: Date.now(), link }
    }
    return hero.link
  }
  return async (urlPath) => {
    const route = manifest ? routeOfRouterPath(urlPath) : undefined
    const files = route ? manifest!.pages[route.page] : undefined
    if (!route || !files) return html
    const page = pageHtml(route.page, files)
    return route.name === 'home' ? page.replace('</head>', `${await heroLink()}</head>`) : page
  }

  function pageHtml(page: string, files: string[]): string {
    let out = byPage.get(page)
    if (out === undefined) {
      const entry = new Set(manifest!.entry)
      const links = files
        .filter((f) => !entry.has(f))
        .map((f) => `<link rel="preload" href="/${f}" as="${f.endsWith('.css') ? 'style' : 'script'}">`)
        .join('')
      out = html.replace('</head>', `${links}</head>`)
      byPage.set(page, out)
    }
    return out
  }
}

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!)
