import type { Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { isUniqueViolation } from '../../../db/errors'
import { EMAIL_PATTERN } from '../../../../types/account/address-rules'
import { dummyHash, hashPassword, verifyPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../passwords'
import { msg, type PageLang } from './messages'
import type { RegisterErrors, RegisterValues } from './pages'
import { insertNewUser } from '../new-user'

/** The embedded provider's accounts are our `users` rows; passwords live in `user_credentials`. */

export interface ProviderUser {
  id: string
  user_name: string
  first_name: string
  last_name: string
  email: string
  language: string
}

export async function findUserById(db: Kysely<DB>, id: string): Promise<ProviderUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'first_name', 'last_name', 'email', 'language'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** OpenID claims of a user: sub is our user id; `username` (scope username) is our user_name. */
export function claimsOf(u: ProviderUser) {
  return {
    sub: u.id,
    name: `${u.first_name} ${u.last_name}`.trim(),
    given_name: u.first_name,
    family_name: u.last_name,
    preferred_username: u.user_name,
    username: u.user_name,
    email: u.email,
    email_verified: false,
    locale: u.language === 'en' ? 'en' : 'zh-CN',
  }
}

export const normalizeUsername = (s: string) => s.trim().toLowerCase()
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,40}$/

/** The user id when username and password match, else null (same work either way: no user enumeration by timing). */
export async function authenticate(db: Kysely<DB>, username: string, password: string): Promise<string | null> {
  const name = normalizeUsername(username)
  const row = name
    ? await db
        .selectFrom('users as u')
        .innerJoin('user_credentials as c', 'c.user_id', 'u.id')
        .select(['u.id', 'c.password_hash'])
        .where('u.user_name', '=', name)
        .executeTakeFirst()
    : undefined
  const okPassword = await verifyPassword(
    password.slice(0, PASSWORD_MAX_LENGTH + 1),
    row?.password_hash ?? (await dummyHash()),
  )
  return row && okPassword ? row.id : null
}

const CONTROL = /[\u0000-\u001f\u007f]/g
const clean = (s: unknown) => (typeof s === 'string' ? s.replace(CONTROL, '').trim() : '')

export interface RegisterInput extends RegisterValues {
  password?: string
}

/** Checks the registration form; returns the cleaned values and the errors in the page's language. */
export function validateRegistration(
  input: RegisterInput,
  lang: PageLang,
): { values: Required<RegisterValues>; errors: RegisterErrors } {
  const values = {
    username: normalizeUsername(clean(input.username)),
    email: clean(input.email),
    firstName: clean(input.firstName),
    lastName: clean(input.lastName),
    language: input.language === 'en' ? 'en' : 'zh',
  }
  const password = typeof input.password === 'string' ? input.password : ''
  const errors: RegisterErrors = {}
  const required = (k: 'username' | 'email' | 'firstName' | 'lastName' | 'password', v: string) => {
    if (!v) errors[k] = msg(lang, 'required', { field: msg(lang, k) })
    return !!v
  }
  if (required('username', values.username) && !USERNAME_PATTERN.test(values.username))
    errors.username = msg(lang, 'usernameInvalid')
  if (required('email', values.email) && (values.email.length > 120 || !EMAIL_PATTERN.test(values.email)))
    errors.email = msg(lang, 'emailInvalid')
  for (const k of ['firstName', 'lastName'] as const) {
    if (required(k, values[k]) && values[k].length > 40) errors[k] = msg(lang, 'tooLong', { field: msg(lang, k) })
  }
  if (required('password', password)) {
    if (password.length < PASSWORD_MIN_LENGTH) errors.password = msg(lang, 'passwordWeak')
    else if (password.length > PASSWORD_MAX_LENGTH) errors.password = msg(lang, 'passwordTooLong')
  }
  return { values, errors }
}

/**
 * Creates a Partially Registered user with its own new account (no account number, country cn) and
 * its password. Returns the new user id, or the errors to show (duplicate username).
 */
export async function registerUser(
  db: Kysely<DB>,
  input: RegisterInput,
  lang: PageLang,
): Promise<{ userId: string } | { errors: RegisterErrors; values: Required<RegisterValues> }> {
  const { values, errors } = validateRegistration(input, lang)
  if (Object.keys(errors).length) return { errors, values }
  const taken = await db.selectFrom('users').select('id').where('user_name', '=', values.username).executeTakeFirst()
  if (taken) return { errors: { username: msg(lang, 'usernameTaken') }, values }
  const passwordHash = await hashPassword(input.password!)
  try {
    const userId = await db.transaction().execute(async (trx) => {
      const id = await insertNewUser(trx, {
        userName: values.username,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        language: values.language,
      })
      await trx.insertInto('user_credentials').values({ user_id: id, password_hash: passwordHash }).execute()
      return id
    })
    return { userId }
  } catch (e) {
    if (isUniqueViolation(e)) return { errors: { username: msg(lang, 'usernameTaken') }, values }
    throw e
  }
}
