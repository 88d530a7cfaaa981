#!/usr/bin/env node
/**
 * Keeps package-lock.json valid for `npm ci` here.
 *
 * The registry this project installs from does not serve some platform-only optional packages
 * (e.g. @tarojs/binding-darwin-arm64: 404), so `npm install` leaves them out of the lockfile and
 * `npm ci` then refuses the lockfile as out of sync. This adds an entry for each missing optional
 * dependency, marked with its package's os/cpu when the name says them, so that npm ci skips it
 * on this platform (Linux x64) exactly as it would skip any other platform's binary.
 * Run after `npm install` changes the lockfile: node scripts/lock-platform-stubs.mjs
 */
import fs from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(fs.readFileSync(file, 'utf8'))
const pkgs = lock.packages
const PLATFORM = [
  [/darwin/, { os: ['darwin'] }],
  [/win32/, { os: ['win32'] }],
  [/linux/, { os: ['linux'] }],
  [/android/, { os: ['android'] }],
  [/freebsd/, { os: ['freebsd'] }],
]
const CPU = [
  [/arm64/, ['arm64']],
  [/x64/, ['x64']],
  [/ia32/, ['ia32']],
  [/arm-|armv7|arm$/, ['arm']],
]
let added = 0
for (const [loc, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = loc.includes('node_modules/') ? loc : ''
    const nested = `${base}/node_modules/${name}`.replace(/^\//, '')
    if (pkgs[nested] || pkgs[`node_modules/${name}`]) continue
    const entry = { version, dev: meta.dev || undefined, optional: true }
    for (const [re, v] of PLATFORM) if (re.test(name)) Object.assign(entry, v)
    for (const [re, v] of CPU) if (re.test(name)) entry.cpu = v
    if (!entry.os) continue // not a platform binary: leave it to npm
    pkgs[`node_modules/${name}`] = entry
    added++
  }
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
console.log(`lock-platform-stubs: added ${added} platform entr${added === 1 ? 'y' : 'ies'}`)
