#!/usr/bin/env node
/**
 * npm start: builds the H5 site if it is missing (or older than the source), the staff console, and the server bundle
 * (dist/server, scripts/build-server.mjs: a second or less) likewise, then starts the API server from
 * that bundle; it serves the site at / and the API under /api. Nothing else needs installing: with
 * no DATABASE_URL the server uses embedded PGlite in DATA_DIR (default .data/).
 */
import { spawnSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildServer, SERVER_ENTRY, SERVER_SOURCES } from './build-server.mjs'

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
  const r = spawnSync('npm', ['run', 'build:h5'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

// the staff console (dist/admin, Vite: seconds) likewise, when admin/ or the contract it is typed from is newer
const adminIndex = path.join(root, 'dist', 'admin', 'index.html')
const adminStale =
  !fs.existsSync(adminIndex) ||
  Math.max(newestMtime(path.join(root, 'admin')), newestMtime(path.join(root, 'types'))) >
    fs.statSync(adminIndex).mtimeMs
if (adminStale && process.env.SKIP_BUILD !== '1') {
  console.log('[start] building the staff console (dist/admin) ...')
  const r = spawnSync('npm', ['run', 'build:admin'], { cwd: root, stdio: 'inherit', env: process.env })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

// the server bundle is always rebuilt when stale, SKIP_BUILD or not: stale server code would be a silent bug
const serverStale =
  !fs.existsSync(SERVER_ENTRY) || Math.max(...SERVER_SOURCES.map(newestMtime)) > fs.statSync(SERVER_ENTRY).mtimeMs
if (serverStale) {
  console.log('[start] building the server (dist/server) ...')
  await buildServer()
}

const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: root, stdio: 'inherit', env: process.env })
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code) => process.exit(code ?? 0))
