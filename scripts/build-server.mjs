#!/usr/bin/env node
/**
 * npm run build:server: the API server as plain JavaScript (dist/server/index.mjs), for `npm start`.
 * Running the TypeScript through tsx cost ~45 MB RSS (its loader thread, the esbuild service process, the
 * transpiled sources and their source maps) and seconds of transpiling at each start. Our own code is
 * bundled; packages stay in node_modules (PGlite finds its .wasm files beside its own modules). Code
 * splitting keeps dynamic imports lazy: a server on PostgreSQL never loads PGlite, nor the seed's modules.
 * Tests and `npm run server` keep running server/index.ts through tsx.
 */
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const t = Date.now()
  await buildServer()
  console.log(`[build:server] ${path.relative(root, SERVER_ENTRY)} in ${Date.now() - t} ms`)
}
