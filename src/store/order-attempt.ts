import type { UserInfo } from '../../types'
import { randomBytes, toHex } from '../platform/random'

/**
 * What every way of ordering shares (the cart checkout and flash buy): who may order, and the key of
 * one placement attempt. Kept apart from either store so that one does not load the other.
 */

/** Partially registered users cannot order: they complete their registration (a ship-to address) first (spec §1, §6). */
export const needsRegistration = (u: Pick<UserInfo, 'userRoles'> | null | undefined) =>
  !!u && u.userRoles.registrationStatus === 'Partially Registered'

/** A crypto-strong Idempotency-Key for one placement attempt (kept while its answer is unknown). */
export const newIdempotencyKey = async () => toHex(await randomBytes(16))
