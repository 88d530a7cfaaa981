import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import type { Config } from './config'

/**
 * JWT_SECRET, else a generated secret persisted at JWT_SECRET_FILE (default `.data/jwt-secret`)
 * so tokens survive restarts. Used for both PGlite and PostgreSQL.
 */
export function loadJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'JWT_SECRET_FILE'>): string {
  if (config.JWT_SECRET) return config.JWT_SECRET
  const file = path.resolve(config.JWT_SECRET_FILE)
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
