import fs from 'node:fs'
import path from 'node:path'
import { resolveSpecPath, routeOfRouterPath } from '../types/routes'
import { FIRST_SCREEN_STYLE, type FirstScreen } from './first-screen'
import { FIRST_SCREEN_ID } from '../types/platform/first-screen'

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
 *
 * Home and product pages go further when `firstScreen` is given (server/first-screen.ts): the page's
 * first screen drawn into the HTML, over the app until the app has drawn its own. Their page
 * stylesheet is then linked (it draws that picture) instead of preloaded, and the picture's largest
 * image is preloaded with high priority.
 */
export type FirstScreenSource = (
  route: { name: string; params: Record<string, string> },
  headers: Record<string, string | string[] | undefined>,
) => Promise<FirstScreen | null>

export function h5IndexHtml(
  staticDir: string,
  heroImage?: () => Promise<string | null>,
  firstScreen?: FirstScreenSource,
): (
  urlPath: string,
  headers?: Record<string, string | string[] | undefined>,
  query?: Record<string, string>,
) => Promise<string> {
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
  return async (urlPath, headers = {}, query = {}) => {
    const route = manifest ? routeOfRouterPath(urlPath) : undefined
    const files = route ? manifest!.pages[route.page] : undefined
    if (!route || !files) return html
    if (firstScreen) {
      const params = { ...query, ...(resolveSpecPath(urlPath)?.params ?? {}) }
      const drawn = await firstScreen({ name: route.name, params }, headers).catch(() => null) // the app draws it without
      if (drawn) return withFirstScreen(route.page, files, drawn)
    }
    const page = pageHtml(route.page, files)
    return route.name === 'home' ? page.replace('</head>', `${await heroLink()}</head>`) : page
  }

  function withFirstScreen(route: string, files: string[], drawn: FirstScreen): string {
    // the entry scripts are not in the head: index.html's last script asks for them once the first
    // screen is painted (src/index.html), and preloads the page's chunks beside them (run when the router asks)
    const entryJs = manifest!.entry.filter((f) => f.endsWith('.js'))
    const entry = new Set(manifest!.entry)
    const pageFiles = files.filter((f) => !entry.has(f))
    const css = pageFiles
      .filter((f) => f.endsWith('.css'))
      .map((f) => `<link rel="stylesheet" href="/${f}">`)
      .join('')
    const chunks = pageFiles
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/${f}`)
      .join(' ')
    const image = drawn.image
      ? `<link rel="preload" as="image" href="${escapeAttr(drawn.image)}" fetchpriority="high">`
      : ''
    let out = html
    for (const f of entryJs)
      out = out.replace(
        new RegExp(`<script[^>]*\\ssrc="/${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*></script>`),
        '',
      )
    // an index.html whose entry tags this does not recognise keeps them (never two copies of the app)
    if (entryJs.some((f) => out.includes(`"/${f}"`))) return pageHtml(route, files)
    const boot = entryJs.map((f) => `/${f}`).join(' ')
    return out
      .replace('</head>', `${image}${FIRST_SCREEN_STYLE}${css}</head>`)
      .replace(
        '<div id="app"></div>',
        `<div id="${FIRST_SCREEN_ID}" aria-hidden="true" data-boot="${escapeAttr(boot)}" data-chunks="${escapeAttr(chunks)}">${drawn.html}</div><div id="app"></div>`,
      )
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

const escapeAttr = (s: string) =>
  s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!)
