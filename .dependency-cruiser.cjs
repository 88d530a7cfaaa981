/**
 * The dependency rules of this repo (docs/architecture.md), checked by `npm test` (layer "deps").
 *
 * App layers, each importing only what stands to its left:
 *   types  <-  platform, rules, i18n, api  <-  store  <-  components  <-  pages / packages
 * - platform: adapters for platform differences (Taro file suffixes); imports types only.
 * - rules, i18n: pure code (one module per spec rule; message catalogues); import types only (rules may read i18n).
 * - api: the one request layer; reports events, never shows UI; imports types, platform, rules, i18n.
 * - store: Zustand stores own state transitions.
 * - components: shared UI; pages and packages: screens.
 * The server never imports the app and the app never imports the server; types/ imports neither. The staff console
 * (admin/) imports only itself and types/; neither the app nor the server imports it.
 *
 * Server domains (server/domains/<domain>/, names from types/domains.ts): a domain uses another only
 * through that domain's index.ts (its public surface; its routes are in routes.ts, which server/app.ts
 * mounts), and the domain folders import each other without a cycle: each domain imports only domains
 * listed before it in SERVER_DOMAIN_ORDER.
 */
const fs = require('node:fs')
const path = require('node:path')

const APP = '^src/'
const layer = (name) => `^src/${name}/`
const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to })

/**
 * The server domains, each after the domains it uses: auth's AuthUser is used everywhere; a cart is priced
 * from the catalogue; an order is placed from a cart and credits membership points; a flash buy writes
 * orders. A domain imports only domains before it, so the domain folders never import each other in a
 * cycle. Moving a domain later is fine while every import still points backwards (depcruise tells).
 */
const SERVER_DOMAIN_ORDER = [
  'platform',
  'auth',
  'staff',
  'catalog',
  'marketing',
  'engagement',
  'account',
  'service',
  'cart',
  'membership',
  'order',
  'flashbuy',
]

const domainOrderRules = () => {
  // every domain folder has its place in the order (a folder missing from it would go unchecked)
  const folders = fs
    .readdirSync(path.join(__dirname, 'server/domains'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
  const unordered = folders.filter((f) => !SERVER_DOMAIN_ORDER.includes(f))
  if (unordered.length)
    throw new Error(`.dependency-cruiser.cjs: SERVER_DOMAIN_ORDER does not list server/domains/${unordered.join(', ')}`)
  return SERVER_DOMAIN_ORDER.slice(0, -1).map((domain, i) =>
    rule(
      'domain-imports-later-domain',
      `server/domains/${domain} imports only the domains before it in SERVER_DOMAIN_ORDER (.dependency-cruiser.cjs), so domain folders form no cycle.`,
      { path: `^server/domains/${domain}/` },
      { path: `^server/domains/(${SERVER_DOMAIN_ORDER.slice(i + 1).join('|')})/` },
    ),
  )
}

module.exports = {
  forbidden: [
    rule(
      'server-imports-app',
      'The server never imports src/: move shared pure code to types/.',
      { path: '^server/' },
      { path: APP },
    ),
    rule(
      'app-imports-server',
      'The app never imports server/: the contract lives in types/.',
      { path: '^(src|types)/' },
      { path: '^server/' },
    ),
    rule(
      'types-imports-outside',
      'types/ holds the contract and shared pure code: it imports nothing of src/, server/ or admin/.',
      { path: '^types/' },
      { path: '^(src|server|admin)/' },
    ),
    rule(
      'console-imports-outside',
      'The staff console (admin/, issue 25) imports only itself and types/ (the contract): never the storefront or the server.',
      { path: '^admin/' },
      { path: '^(src|server)/' },
    ),
    rule(
      'storefront-imports-console',
      "Nothing of the staff console reaches the storefront's or the server's code: src/ and server/ never import admin/.",
      { path: '^(src|server)/' },
      { path: '^admin/' },
    ),
    rule(
      'platform-layer',
      'src/platform imports only types/ (and other platform adapters).',
      { path: layer('platform') },
      { path: APP, pathNot: layer('platform') },
    ),
    rule(
      'rules-layer',
      'A rule is pure: src/rules imports only types/, src/i18n and other rules.',
      { path: layer('rules') },
      { path: APP, pathNot: [layer('rules'), layer('i18n')] },
    ),
    rule(
      'i18n-layer',
      'src/i18n (message catalogues) imports only types/.',
      { path: layer('i18n') },
      { path: APP, pathNot: layer('i18n') },
    ),
    rule(
      'api-layer',
      'The request layer reports events and never shows UI: src/api imports only types/, platform, rules, i18n.',
      { path: layer('api') },
      { path: APP, pathNot: [layer('api'), layer('platform'), layer('rules'), layer('i18n')] },
    ),
    rule(
      'store-layer',
      'Stores import only types/, platform, rules, i18n, api and other stores (not components or pages).',
      { path: layer('store') },
      { path: '^src/(components|pages|packages)/|^src/app\\.' },
    ),
    rule(
      'components-layer',
      'Components import only lower layers and other components (not pages or packages).',
      { path: layer('components') },
      { path: '^src/(pages|packages)/|^src/app\\.' },
    ),
    rule(
      'page-imports-other-page',
      'A page imports lower layers and its own folder only: shared pieces go to components/ or store/.',
      { path: '^src/(pages|packages/[^/]+)/([^/]+)/' },
      { path: '^src/(pages|packages/[^/]+)/', pathNot: '^src/$1/$2/' },
    ),
    rule(
      'no-circular',
      'Circular imports make the load order fragile (type-only cycles are harmless: they vanish at compile time).',
      { path: '^(src|server|types|admin)/' },
      { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    ),
    rule(
      'domain-bypasses-index',
      'A server domain uses another only through its public surface, server/domains/<domain>/index.ts.',
      { path: '^server/domains/([^/]+)/' },
      { path: '^server/domains/[^/]+/', pathNot: ['^server/domains/$1/', '^server/domains/[^/]+/index\\.ts$'] },
    ),
    ...domainOrderRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
}
