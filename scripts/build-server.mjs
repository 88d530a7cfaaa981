#!/usr/bin/env node
/**
 * npm run build:server: the API server as plain JavaScript (dist/server/index.mjs), for `npm start`.
 * Running the TypeScript through tsx cost ~45 MB RSS (its loader thread, the esbuild service process, the
 * transpiled sources and their source maps) and seconds of transpiling at each start. Our own code is
 * bundled; packages stay in node_modules (PGlite finds its .wasm files beside its own modules). Code
 * splitting keeps dynamic imports lazy: a server on PostgreSQL never loads PGlite, nor the seed's modules.
 * Tests and `npm run server` keep running server/index.ts through tsx. Then the seeded PGlite template
 * (buildPgliteTemplate below).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SERVER_OUT = path.join(root, 'dist', 'server')
export const SERVER_ENTRY = path.join(SERVER_OUT, 'index.mjs')
/** the folders whose sources end up in the bundle (start.mjs rebuilds when one of them is newer) */
export const SERVER_SOURCES = ['server', 'types'].map((d) => path.join(root, d))

export async function buildServer() {
  fs.rmSync(SERVER_OUT, { recursive: true, force: true })
  await build({
    entryPoints: [path.join(root, 'server', 'index.ts')],
    outdir: SERVER_OUT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked', // for NODE_OPTIONS=--enable-source-maps; not loaded otherwise
    logLevel: 'warning',
  })
}

/**
 * The seeded PGlite data folder a first start copies (dist/pglite-template, server/db/template.ts): made by
 * the bundle itself (its entry sees STOREFRONT_BUILD_TEMPLATE), so the template holds exactly what the
 * server would seed. PGLITE_TEMPLATE_DIR=0 skips it.
 */
export function buildPgliteTemplate() {
  if (process.env.PGLITE_TEMPLATE_DIR === '0') return
  const r = spawnSync(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: '', STOREFRONT_BUILD_TEMPLATE: '1' },
  })
  if (r.status !== 0) throw new Error(`building the seeded PGlite template failed (exit ${r.status})`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t = Date.now()
  await buildServer()
  console.log(`[build:server] ${path.relative(root, SERVER_ENTRY)} in ${Date.now() - t} ms`)
  const t2 = Date.now()
  buildPgliteTemplate()
  console.log(`[build:server] seeded PGlite template in ${Date.now() - t2} ms`)
}
