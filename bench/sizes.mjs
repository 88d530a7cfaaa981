#!/usr/bin/env node
/** Prints the weapp main/subpackage sizes and the H5 first-load JS (gzipped). Build first. */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'

const { weappPackageSizes } = createRequire(import.meta.url)('../tests/support/weapp-size.js')

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

const weapp = path.join(root, 'dist', 'weapp')
if (fs.existsSync(path.join(weapp, 'app.json'))) {
  const sizes = weappPackageSizes(weapp)
  const rows = [['main package', sizes.main]]
  for (const s of sizes.subpackages) rows.push([`subpackage ${s.root} (${s.pages} pages)`, s.size])
  rows.push(['total', sizes.total])
  console.log('\nweapp package sizes (WeChat limits: 2048 KB per package, 20 MB total)')
  for (const [name, size] of rows) console.log(`  ${name.padEnd(44)} ${kb(size).padStart(10)}`)
} else console.log('weapp: dist/weapp missing (npm run build:weapp)')

const h5 = path.join(root, 'dist', 'h5')
if (fs.existsSync(path.join(h5, 'index.html'))) {
  const html = fs.readFileSync(path.join(h5, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1])
  const styles = [...html.matchAll(/<link[^>]+href="([^"]+\.css)"/g)].map((m) => m[1])
  const gz = (f) => zlib.gzipSync(fs.readFileSync(path.join(h5, f.replace(/^\//, '')))).length
  const raw = (f) => fs.statSync(path.join(h5, f.replace(/^\//, ''))).size
  const js = scripts.reduce((a, f) => a + gz(f), 0)
  const css = styles.reduce((a, f) => a + gz(f), 0)
  console.log('\nH5 first load (entry chunks named in index.html)')
  console.log(`  JS  ${scripts.length} files  ${kb(scripts.reduce((a, f) => a + raw(f), 0)).padStart(10)} raw  ${kb(js).padStart(10)} gzipped`)
  console.log(`  CSS ${styles.length} files  ${kb(styles.reduce((a, f) => a + raw(f), 0)).padStart(10)} raw  ${kb(css).padStart(10)} gzipped`)
} else console.log('h5: dist/h5 missing (npm run build:h5)')
