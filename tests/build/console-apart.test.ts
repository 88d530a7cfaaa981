/**
 * Issue 25: the staff console is "its own folder (admin/) ... nothing of it in the storefront's H5 or weapp bundles
 * (the budget tests prove it)". Its code is built apart (dist/admin, Vite) and none of it reaches dist/h5 or
 * dist/weapp: no file there carries the console's own names or its framework (react-admin, MUI). The import rules
 * (.dependency-cruiser.cjs: src/ never imports admin/) keep it so; this proves it on the built bytes.
 *
 * Run after the builds: node --import tsx --test tests/build/console-apart.test.ts
 */
import test from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '..', '..')
const H5 = path.join(ROOT, process.env.TARO_OUT_DIR ?? 'dist/h5')
const WEAPP = path.join(ROOT, 'dist', 'weapp')
const CONSOLE = path.join(ROOT, 'dist', 'admin')

/** strings only the console's bundle has: its token key and react-admin's and MUI's class names */
const MARKERS = ['lab-admin.staff-token', 'RaLayout', 'RaDatagrid', 'ra.auth.user_menu', 'MuiButton']

const walk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name)
        return e.isDirectory() ? walk(p) : /\.(js|wxml|wxss|css|html|json)$/.test(e.name) ? [p] : []
      })
    : []

function found(dir: string): string[] {
  const hits: string[] = []
  for (const f of walk(dir)) {
    const text = fs.readFileSync(f, 'utf8')
    for (const m of MARKERS) if (text.includes(m)) hits.push(`${path.relative(ROOT, f)}: ${m}`)
  }
  return hits
}

test('the console is built apart and its markers are real (the check is not blind)', () => {
  const files = walk(CONSOLE)
  assert.ok(files.length > 0, 'build the console first: npm run build:admin')
  const text = files.map((f) => fs.readFileSync(f, 'utf8')).join('\n')
  for (const m of MARKERS) assert.ok(text.includes(m), `the console's bundle carries ${m}`)
})

test('nothing of the console is in the H5 site', () => {
  assert.ok(walk(H5).length > 0, 'build the H5 site first')
  assert.deepEqual(found(H5), [])
})

test('nothing of the console is in the mini-program', { skip: !fs.existsSync(WEAPP) && 'no weapp build' }, () => {
  assert.deepEqual(found(WEAPP), [])
})
