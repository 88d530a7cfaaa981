import fs from 'fs'
import path from 'path'

/**
 * `npm ci` refuses a lockfile that names an optional dependency without an entry for it. The
 * registry here does not serve some platform binaries, so `npm install` drops them: after it,
 * run `node scripts/lock-platform-stubs.mjs` (README.md, docs/testing.md). This keeps CI's npm ci from failing.
 */
describe('package-lock.json', () => {
  it('has an entry for every optional dependency of every locked package, so npm ci accepts it', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package-lock.json'), 'utf8'))
    const pkgs: Record<string, { optionalDependencies?: Record<string, string> }> = lock.packages
    const missing: string[] = []
    for (const [loc, meta] of Object.entries(pkgs)) {
      for (const name of Object.keys(meta.optionalDependencies ?? {})) {
        const candidates = [`${loc}/node_modules/${name}`.replace(/^\//, ''), `node_modules/${name}`]
        if (!candidates.some((c) => pkgs[c])) missing.push(`${name} (wanted by ${loc || 'the project'})`)
      }
    }
    expect(missing).toEqual([])
  })
})
