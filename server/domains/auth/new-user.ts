import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { emitEvent } from '../platform'

/** Who signs up: by the embedded provider's registration page, or on a first login through an external issuer. */
export interface NewUser {
  userName: string
  firstName: string
  lastName: string
  email: string
  /** 'en' or 'zh' */
  language: string
}

/**
 * Creates (in `trx`, the caller's transaction) a Partially Registered user with its own new account (no account
 * number, country cn) and returns the new user's id.
 */
export async function insertNewUser(trx: Kysely<DB>, u: NewUser): Promise<string> {
  const userId = `U-${crypto.randomBytes(4).toString('hex')}`
  const { id: accountId } = await trx
    .insertInto('accounts')
    .values({
      account_number: null,
      name: `${u.firstName} ${u.lastName}`.trim(),
      account_type: 'customer',
      country: 'cn',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('users')
    .values({
      id: userId,
      user_name: u.userName,
      first_name: u.firstName,
      last_name: u.lastName,
      siebel_row_id: null,
      cdc_uid: `cdc-${crypto.randomBytes(8).toString('hex')}`,
      email: u.email,
      phone: null,
      country: 'cn',
      language: u.language,
      ma_country: 'CN',
      registration_status: 'Partially Registered',
      account_id: accountId,
      analytics_client_id: `GA1.2.${crypto.randomInt(1e8, 1e9)}.${Math.floor(Date.now() / 1000)}`,
    })
    .execute()
  // issue 24: the ERP hears of the new user (and its account) in the transaction that creates them
  await emitEvent(trx, 'user.registered', {
    userId,
    accountId,
    userName: u.userName,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    language: u.language,
    country: 'cn',
    registrationStatus: 'Partially Registered',
  })
  return userId
}
