#!/usr/bin/env node
/**
 * Writes .br and .gz beside each text asset of a build folder (default dist/h5), so the server
 * sends phones compressed JS/CSS without compressing on every request (@fastify/static preCompressed).
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const dir = path.resolve(process.argv[2] ?? 'dist/h5')
const TEXT = /\.(js|css|html|svg|json|txt|map)$/
let files = 0
let before = 0
let after = 0

function walk(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name)
    if (e.isDirectory()) {
      walk(p)
      continue
    }
    if (!TEXT.test(e.name) || p.endsWith('.map')) continue
    const buf = fs.readFileSync(p)
    if (buf.length < 1024) continue
    const gz = zlib.gzipSync(buf, { level: 9 })
    const br = zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
    fs.writeFileSync(`${p}.gz`, gz)
    fs.writeFileSync(`${p}.br`, br)
    files++
    before += buf.length
    after += br.length
  }
}

if (!fs.existsSync(dir)) {
  console.error(`precompress: ${dir} does not exist`)
  process.exit(1)
}
walk(dir)
console.log(
  `precompress: ${files} files in ${path.relative(process.cwd(), dir) || dir}, ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`,
)
