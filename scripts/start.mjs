#!/usr/bin/env node
/**
 * npm start: builds the H5 site if it is missing (or older than the source), then starts the API
 * server, which serves the site at / and the API under /api. Nothing else needs installing: with
 * no DATABASE_URL the server uses embedded PGlite in DATA_DIR (default .data/).
 */
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const index = path.join(root, 'dist', 'h5', 'index.html')

function newestMtime(dir) {
  let newest = 0
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    newest = Math.max(newest, e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)
  }
  return newest
}

const stale = !fs.existsSync(index) || newestMtime(path.join(root, 'src')) > fs.statSync(index).mtimeMs
if (stale && process.env.SKIP_BUILD !== '1') {
  console.log('[start] building the H5 site (dist/h5) ...')
  const r = spawnSync('npm', ['run', 'build:h5'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'index.ts')], { cwd: root, stdio: 'inherit', env: process.env })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code) => process.exit(code ?? 0))
