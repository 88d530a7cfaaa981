import type { Static } from 'typebox'
import { Literals } from '../common'

/**
 * Issue 13: "every change is an entry (earned, spent, expired, reversed); the balance is derived from
 * the entries, never edited in place". Signs: earned > 0; spent and expired < 0; a reversal undoes one
 * earlier entry and carries the opposite sign of it.
 */
export const PointsEntryKindSchema = Literals(['earned', 'spent', 'expired', 'reversed'])
export type PointsEntryKind = Static<typeof PointsEntryKindSchema>

/** What an entry is for: the thing its `sourceRef` names. */
export const PointsSourceSchema = Literals([
  'order',
  'redemption',
  'draw',
  'task',
  'invitation',
  'expiry',
  'adjustment',
])
export type PointsSource = Static<typeof PointsSourceSchema>

/** true when `points` has the sign its kind requires (a reversal: any non-zero amount) */
export function entrySignIsValid(kind: PointsEntryKind, points: number): boolean {
  if (!Number.isInteger(points) || points === 0) return false
  if (kind === 'earned') return points > 0
  if (kind === 'spent' || kind === 'expired') return points < 0
  return true
}
