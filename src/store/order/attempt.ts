import type { UserInfo } from '../../../types'
import { randomBytes, randomBytesNow, toHex } from '../../platform/random'

/**
 * What every way of ordering shares (the cart checkout and flash buy): who may order, and the key of
 * one placement attempt. Kept apart from either store so that one does not load the other.
 */

/** Partially registered users cannot order: they complete their registration (a ship-to address) first (spec §1, §6). */
export const needsRegistration = (u: Pick<UserInfo, 'userRoles'> | null | undefined) =>
  !!u && u.userRoles.registrationStatus === 'Partially Registered'

/** A crypto-strong Idempotency-Key for one placement attempt (kept while its answer is unknown). */
export const newIdempotencyKey = async () => toHex(await randomBytes(16))

/** the next attempt's key, drawn ahead (the mini-program's crypto-strong source answers asynchronously) */
let ready: string | null = null
let drawing = false
function drawAhead() {
  if (ready || drawing) return
  drawing = true
  newIdempotencyKey()
    .then(
      (k) => {
        ready = k
      },
      () => undefined,
    )
    .finally(() => {
      drawing = false
    })
}
drawAhead()

/**
 * The key of a new placement attempt, at once: a store takes it and locks its Submit in the same
 * synchronous step, before any await, so two taps in the same instant are one attempt with one key
 * (issue 22 item 7: two taps sent two placements with two keys). The key drawn ahead is used, and the
 * next one drawn; before the first is ready the platform's immediate source gives it.
 */
export function takeIdempotencyKey(): string {
  const key = ready ?? toHex(randomBytesNow(16))
  ready = null
  drawAhead()
  return key
}
