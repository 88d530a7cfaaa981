import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * The rules between server domains in .dependency-cruiser.cjs (run on the real tree by `npm test`, layer
 * "deps"): "a server domain imports another only through that domain's index.ts (its public surface), and
 * no cycle between domain folders". Here they run on a small tree of their own, so each is seen to fail
 * on a planted violation (the check is not blind) without touching the real one.
 */
const ROOT = path.resolve(__dirname, '../..')
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')

// catalog <- cart, as in SERVER_DOMAIN_ORDER; each through the other's index.ts
const CLEAN_TREE: Record<string, string> = {
  'server/domains/catalog/index.ts': "export { computePrice } from './pricing'\n",
  'server/domains/catalog/pricing.ts': 'export const computePrice = (minor: number) => minor\n',
  'server/domains/cart/index.ts': "export { taxOf } from './tax'\n",
  'server/domains/cart/tax.ts':
    "import { computePrice } from '../catalog'\nexport const taxOf = (minor: number) => computePrice(minor) / 10\n",
}

let dir = ''

/** The rule violations depcruise reports for the small tree plus `planted` files, as "rule: from -> to". */
function violations(planted: Record<string, string> = {}): string[] {
  fs.rmSync(path.join(dir, 'server'), { recursive: true, force: true })
  for (const [file, text] of Object.entries({ ...CLEAN_TREE, ...planted })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), text)
  }
  let out: string
  try {
    out = execFileSync(
      process.execPath,
      [DEPCRUISE, 'server', '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'],
      {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    )
  } catch (err) {
    // depcruise exits non-zero when it finds errors; its report is on stdout all the same
    out = (err as { stdout: string }).stdout
  }
  const result = JSON.parse(out) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } }
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
}

describe('rules between server domains (.dependency-cruiser.cjs)', () => {
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'domain-rules-'))
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }),
    )
  })
  after(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('a tree that keeps them has no violation', () => {
    assert.deepEqual(violations(), [])
  })

  it('"a server domain imports another only through that domain\'s index.ts": an import of an inner module fails', () => {
    const planted = {
      'server/domains/cart/lines.ts':
        "import { computePrice } from '../catalog/pricing'\nexport const lineTotal = computePrice\n",
    }
    assert.deepEqual(violations(planted), [
      'domain-bypasses-index: server/domains/cart/lines.ts -> server/domains/catalog/pricing.ts',
    ])
  })

  it('"no cycle between domain folders": a domain importing one that imports it fails, even through its index.ts', () => {
    const planted = {
      'server/domains/catalog/taxed.ts': "import { taxOf } from '../cart'\nexport const taxed = taxOf\n",
    }
    assert.deepEqual(violations(planted), [
      'domain-imports-later-domain: server/domains/catalog/taxed.ts -> server/domains/cart/index.ts',
    ])
  })
})
