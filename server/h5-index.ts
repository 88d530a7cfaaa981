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
 */
export function h5IndexHtml(staticDir: string): (urlPath: string) => string {
  const html = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8')
  const manifestFile = path.join(staticDir, 'chunk-manifest.json')
  const manifest: { entry: string[]; pages: Record<string, string[]> } | null = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : null
  const byPage = new Map<string, string>()
  return (urlPath) => {
    const route = manifest ? routeOfRouterPath(urlPath) : undefined
    const files = route ? manifest!.pages[route.page] : undefined
    if (!route || !files) return html
    let out = byPage.get(route.page)
    if (out === undefined) {
      const entry = new Set(manifest!.entry)
      const links = files
        .filter((f) => !entry.has(f))
        .map((f) => `<link rel="preload" href="/${f}" as="${f.endsWith('.css') ? 'style' : 'script'}">`)
        .join('')
      out = html.replace('</head>', `${links}</head>`)
      byPage.set(route.page, out)
    }
    return out
  }
}
