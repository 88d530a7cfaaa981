/**
 * A seeded PGlite data folder made by the build (npm run build:server → dist/pglite-template), so that a
 * first start on an empty data folder copies a finished folder instead of running initdb, the migrations
 * and the seed (~9 s of CPU on this 2-core machine; the copy takes a fraction of a second).
 *
 * The template is used only when it is exactly what a prepare would make now: its key is a hash of
 * PGlite's version, every source file of server/db (migrations, seed, schema), server/lib and types/ (the
 * seed uses both), and the seed day (SEED_DATE or today, UTC: the seeded promotions, coupons and
 * orders are dated from it). Any difference, or no template, and the start prepares the folder itself
 * (server/db/startup.ts). PGLITE_TEMPLATE_DIR: another folder, or 0 for none.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { marketingAnchor } from './seed/anchor'
import type { Config } from '../config'

type TemplateConfig = Pick<Config, 'PGLITE_TEMPLATE_DIR' | 'SEED_DATE'>

const KEY_FILE = 'template.json'

/** npm run build:server (scripts/build-server.mjs) builds it: the server entry with STOREFRONT_BUILD_TEMPLATE set. */
export function templateDir(config: Pick<Config, 'PGLITE_TEMPLATE_DIR'>): string | null {
  if (config.PGLITE_TEMPLATE_DIR === '0') return null
  return path.resolve(config.PGLITE_TEMPLATE_DIR || path.join('dist', 'pglite-template'))
}

function pgliteVersion(): string {
  // the dist/server bundle is ESM (import.meta.url); tsx may run this as CommonJS (require)
  const req = typeof import.meta.url === 'string' ? createRequire(import.meta.url) : require
  const pkg = path.join(path.dirname(req.resolve('@electric-sql/pglite')), '..', 'package.json')
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version
}

function hashTree(h: crypto.Hash, dir: string): void {
  if (!fs.existsSync(dir)) {
    h.update(`missing ${dir}\n`)
    return
  }
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) hashTree(h, p)
    else if (/\.(ts|json)$/.test(e.name)) h.update(`${path.relative(process.cwd(), p)}\n`).update(fs.readFileSync(p))
  }
}

/** What a prepare would make now, as a hash (see above). Sources are read from the working directory. */
export function templateKey(config: Pick<Config, 'SEED_DATE'>): string {
  const h = crypto.createHash('sha256')
  h.update(`pglite ${pgliteVersion()}\nseed day ${marketingAnchor(new Date(), config).toISOString().slice(0, 10)}\n`)
  for (const d of [['server', 'db'], ['server', 'lib'], ['types']]) hashTree(h, path.resolve(...d))
  return h.digest('hex')
}

/**
 * Copies the template's data folder to `target` (which must not exist) when the template is current.
 * Returns whether it did; a missing or stale template is not an error.
 */
export function copyTemplate(target: string, config: TemplateConfig): boolean {
  const dir = templateDir(config)
  if (!dir) return false
  try {
    const { key } = JSON.parse(fs.readFileSync(path.join(dir, KEY_FILE), 'utf8')) as { key: string }
    if (key !== templateKey(config)) return false
    fs.cpSync(path.join(dir, 'data'), target, { recursive: true })
    return true
  } catch {
    fs.rmSync(target, { recursive: true, force: true })
    return false
  }
}

/**
 * Makes the template with `prepare` (which builds a complete, closed data folder in the folder it is given),
 * then writes its key; the old template is replaced only when the new one is complete.
 */
export async function buildTemplate(
  prepare: (dataDir: string) => Promise<void>,
  config: TemplateConfig,
): Promise<string | null> {
  const dir = templateDir(config)
  if (!dir) return null
  const key = templateKey(config)
  const tmp = `${dir}.building-${process.pid}`
  fs.rmSync(tmp, { recursive: true, force: true })
  fs.mkdirSync(tmp, { recursive: true })
  try {
    await prepare(path.join(tmp, 'data'))
    fs.writeFileSync(path.join(tmp, KEY_FILE), JSON.stringify({ key, builtAt: new Date().toISOString() }, null, 2))
    fs.rmSync(dir, { recursive: true, force: true })
    fs.renameSync(tmp, dir)
    return dir
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true })
    throw err
  }
}
