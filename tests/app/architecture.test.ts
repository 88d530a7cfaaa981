import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { DOMAINS } from '../../types/domains'

/**
 * The two rules of the house that an import graph cannot show (the import rules themselves are
 * .dependency-cruiser.cjs, run by `npm test` as the "deps" layer).
 */
const ROOT = path.resolve(__dirname, '../..')

function filesUnder(dir: string, ext = /\.(ts|tsx)$/): string[] {
  const out: string[] = []
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...filesUnder(rel, ext))
    else if (ext.test(e.name)) out.push(rel)
  }
  return out
}

const PLATFORM_GLOBALS = new Set(['window', 'document', 'navigator', 'wx'])

/** Uses of platform globals in a file: identifiers read as values (not property names, not declarations of their own). */
function platformUses(file: string, text = fs.readFileSync(path.join(ROOT, file), 'utf8')): string[] {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found: string[] = []
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`
  const visit = (n: ts.Node) => {
    if (ts.isPropertyAccessExpression(n) && n.getText() === 'process.env.TARO_ENV')
      found.push(`${at(n)} reads process.env.TARO_ENV`)
    if (ts.isIdentifier(n) && PLATFORM_GLOBALS.has(n.text)) {
      const p = n.parent
      const isName =
        (ts.isPropertyAccessExpression(p) && p.name === n) ||
        (ts.isPropertyAssignment(p) && p.name === n) ||
        ts.isPropertySignature(p) ||
        ts.isBindingElement(p) ||
        ts.isParameter(p) ||
        ts.isVariableDeclaration(p) ||
        ts.isJsxAttribute(p) ||
        ts.isShorthandPropertyAssignment(p)
      if (!isName) found.push(`${at(n)} uses \`${n.text}\``)
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  return found
}

describe('platform code lives in src/platform only (docs/architecture.md; rule platform-globals)', () => {
  it('no file outside src/platform reads TARO_ENV, window, document, navigator or wx', () => {
    const offenders = filesUnder('src')
      .filter((f) => !f.startsWith(path.join('src', 'platform') + path.sep))
      .flatMap((f) => platformUses(f))
    expect(offenders).toEqual([])
  })

  it('the check sees a platform global when there is one (it is not blind)', () => {
    // an in-memory sample: nothing is written where tsc, ESLint or Prettier (run beside the unit tests) would read it
    const sample = path.join('tests', 'app', '__platform-sample__.ts')
    const text =
      "export const w = typeof window === 'undefined' ? 0 : window.innerWidth\nexport const e = process.env.TARO_ENV\nexport const o = { window: 1 }\n"
    expect(platformUses(sample, text)).toEqual([
      `${sample}:1 uses \`window\``,
      `${sample}:1 uses \`window\``,
      `${sample}:2 reads process.env.TARO_ENV`,
    ])
  })
})

/**
 * "One list of domain names, the spec's (catalog, marketing, engagement, account, auth, cart, order,
 * flashbuy, membership, service, platform), used alike in types/, server/domains/, src/api/,
 * src/packages/ and src/i18n/." Each tree may also hold the few shared modules named here. The list has since
 * gained staff (issue 24: the back office), which has no app folders.
 */
const SHARED: Record<string, string[]> = {
  types: ['index', 'common', 'envelope', 'domains', 'routes', 'endpoint', 'money', 'country-time', 'country-clock'],
  'server/domains': [],
  'src/packages': [],
  'src/api': ['client', 'auth-token', 'request-locale', 'jwt', 'bytes'],
  // en, zh: the two catalogues (zh/ holds the Chinese half of each domain file, so H5 loads one language);
  // screens/: the messages of subpackage screens, one file per domain, loaded with their pages on H5
  'src/i18n': ['index', 'translate', 'en', 'zh', 'screens'],
  // stores, rules and components live in their domain's folder; these few serve every domain
  'src/store': ['catalogues', 'catalogues.h5', 'load-state', 'locale', 'toast', 'viewer'],
  'src/rules': ['constants', 'format', 'page-params'],
  'src/components': [
    'app-link',
    'bottom-sheet',
    'confirm-dialog',
    'detail-page',
    'dialog',
    'field-label',
    'footer',
    'form-field',
    'full-screen-loader',
    'header',
    'page-shell',
    'picture',
    'quantity-stepper',
    'rich-text',
    'section',
    'skeleton',
    'state-panel',
    'tappable',
  ],
}

const entries = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .map((e) => (e.isDirectory() ? e.name : e.name.replace(/\.(ts|tsx)$/, '')))

describe('one domain vocabulary (types/domains.ts)', () => {
  it.each(Object.keys(SHARED))('%s names its domain folders and files from the list only', (dir) => {
    const unknown = entries(dir).filter((n) => !(DOMAINS as readonly string[]).includes(n) && !SHARED[dir].includes(n))
    expect(unknown).toEqual([])
  })

  it('every app subpackage is a domain of the list, in the route table too', () => {
    const { SUBPACKAGES } = jest.requireActual('../../types/routes') as typeof import('../../types/routes')
    for (const p of SUBPACKAGES) expect(DOMAINS).toContain(p)
    expect([...SUBPACKAGES].sort()).toEqual(entries('src/packages').sort())
  })
})
