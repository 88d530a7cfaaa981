/**
 * Facts the weapp checks take from the app's TypeScript sources rather than restating them: the
 * route table (types/routes.ts) and the message keys of the i18n catalogue (src/i18n). The weapp
 * jest layer runs plain JS, so they are read once through tsx in a child process.
 */
const { execFileSync } = require('node:child_process')
const path = require('node:path')

const ROOT = path.resolve(__dirname, '..', '..')

let cached
function read() {
  if (!cached) {
    const script = `
      const { ROUTES } = require('./types/routes.ts')
      const { allKeys } = require('./src/i18n/index.ts')
      process.stdout.write(JSON.stringify({ routes: ROUTES, keys: [...new Set([...allKeys('en'), ...allKeys('zh')])] }))`
    cached = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, encoding: 'utf8' }),
    )
  }
  return cached
}

/** ROUTES of types/routes.ts: { name, page, path, aliases?, tab?, login? }[] */
const routeTable = () => read().routes
/** every message key of the app's catalogues (allKeys of src/i18n) */
const messageKeys = () => read().keys

module.exports = { routeTable, messageKeys }
