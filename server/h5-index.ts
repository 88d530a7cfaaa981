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
/**
 * The language the app will start in, as far as the request tells: the app follows the device language
 * (the first Accept-Language tag; Chinese when there is none) unless the user picked one on My, which
 * only the browser knows. A wrong guess costs one unused catalogue preload, not a wrong text.
 */
export function guessLanguage(acceptLanguage: string | undefined): 'en' | 'zh' {
  const first = (acceptLanguage ?? '').split(',')[0].trim().toLowerCase()
  if (!first || first === '*') return 'zh'
  return first === 'zh' || first === 'cn' || first.startsWith('zh-') || first.startsWith('zh_') ? 'zh' : 'en'
}

export function h5IndexHtml(staticDir: string): (urlPath: string, acceptLanguage?: string) => string {
  const html = fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8')
  const manifestFile = path.join(staticDir, 'chunk-manifest.json')
  const manifest: { entry: string[]; languages?: Record<string, string[]>; pages: Record<string, string[]> } | null = fs.existsSync(manifestFile)
    ? JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    : null
  const byPage = new Map<string, string>()
  return (urlPath, acceptLanguage) => {
    const route = manifest ? routeOfRouterPath(urlPath) : undefined
    const pageFiles = route ? manifest!.pages[route.page] : undefined
    if (!route || !pageFiles) return html
    // the entry awaits the language catalogue before the app starts (src/store/catalogues.h5.ts)
    const lang = guessLanguage(acceptLanguage)
    const files = [...(manifest!.languages?.[lang] ?? []), ...pageFiles]
    const key = `${route.page}|${lang}`
    let out = byPage.get(key)
    if (out === undefined) {
      const entry = new Set(manifest!.entry)
      const links = files
        .filter((f) => !entry.has(f))
        .map((f) => `<link rel="preload" href="/${f}" as="${f.endsWith('.css') ? 'style' : 'script'}">`)
        .join('')
      out = html.replace('</head>', `${links}</head>`)
      byPage.set(key, out)
    }
    return out
  }
}
