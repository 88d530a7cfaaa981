/**
 * npm run staff -- <command> — staff members from the server's machine (issue 24), on DATABASE_URL (PostgreSQL) or
 * the PGlite in DATA_DIR (stop the server first: PGlite's folder takes one process). Migrates first.
 *
 *   create --user <name> --role <role>[,<role>…] [--name "Display Name"] [--email a@b] [--password-stdin]
 *       a new member with a password and an enrolled authenticator: prints the password (unless read from stdin),
 *       the otpauth:// URI to scan and ten recovery codes, once. The first administrator:
 *       npm run staff -- create --user admin.ops --role administrator
 *   password --user <name> [--password-stdin]      a new password (printed unless read from stdin); their tokens end
 *   reset-totp --user <name>                       removes the authenticator; the next sign-in enrols a new one
 *
 * Roles: administrator, orderDesk, customerService, catalogue, marketing, finance. Each command is audited (actor 'cli').
 * The TOTP secrets are sealed with STAFF_TOTP_KEY, else the JWT secret (JWT_SECRET or JWT_SECRET_FILE): run it
 * with the server's configuration.
 */
import { parseArgs } from 'node:util'
import { createDb, migrateToLatest } from '../db'
import { loadConfig } from '../config'
import { loadJwtSecret } from '../secret'
import { authOptionsFromEnv } from '../domains/auth'
import { resolveAuthConfig } from '../domains/auth/config'
import { createStaffMember, resetSecondFactor, setStaffPassword } from '../domains/staff/signin/members'

const USAGE = `usage: npm run staff -- create --user <name> --role <role>[,<role>] [--name "Display"] [--email e] [--password-stdin]
       npm run staff -- password --user <name> [--password-stdin]
       npm run staff -- reset-totp --user <name>`

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of process.stdin) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '')
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      user: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      email: { type: 'string' },
      'password-stdin': { type: 'boolean' },
    },
  })
  const command = positionals[0]
  if (!command || !values.user || !['create', 'password', 'reset-totp'].includes(command)) {
    console.error(USAGE)
    process.exit(2)
  }
  const config = loadConfig()
  const cfg = resolveAuthConfig(authOptionsFromEnv(config), loadJwtSecret(config), config)
  const password = values['password-stdin'] ? await readStdin() : undefined
  const h = await createDb(config)
  try {
    await migrateToLatest(h.db)
    if (command === 'create') {
      const m = await createStaffMember(h.db, cfg.staff.totpKey, {
        userName: values.user,
        roles: (values.role ?? '').split(',').filter(Boolean),
        displayName: values.name,
        email: values.email,
        password,
      })
      console.log(`created ${m.userName} (${m.id})`)
      if (!password) console.log(`password (shown once): ${m.password}`)
      console.log(`authenticator (scan or type in, shown once): ${m.otpauthUri}`)
      console.log(`recovery codes (shown once, each works once):\n  ${m.recoveryCodes.join('\n  ')}`)
    } else if (command === 'password') {
      const r = await setStaffPassword(h.db, values.user, password)
      console.log(
        password ? `password set for ${values.user}` : `new password of ${values.user} (shown once): ${r.password}`,
      )
    } else {
      await resetSecondFactor(h.db, values.user)
      console.log(`${values.user}: authenticator removed; the next sign-in enrols a new one`)
    }
  } finally {
    await h.close()
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
