import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'

/**
 * JWT_SECRET from env, else a generated secret persisted at `<dataRoot>/jwt-secret` (default `.data/jwt-secret`)
 * so tokens survive restarts. Used for both PGlite and PostgreSQL.
 */
export function loadJwtSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET
  const file = path.resolve(env.JWT_SECRET_FILE ?? path.join('.data', 'jwt-secret'))
  try {
    const s = fs.readFileSync(file, 'utf8').trim()
    if (s.length >= 32) return s
  } catch {
    /* generate below */
  }
  const secret = crypto.randomBytes(48).toString('base64url')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}
