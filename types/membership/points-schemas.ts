import { Type, type Static } from 'typebox'
import { Nullable, Paged } from '../common'
import { PointsEntryKindSchema, PointsSourceSchema } from './ledger'
import { PageQuerySchema } from './paging'

/** The points calls' contract (GET /membership/points, GET /membership/points/entries); the rules are points.ts (no schema library: the app imports it). */

export const PointsSummarySchema = Type.Object({
  balance: Type.Integer(),
  /** the next points to expire, or null */
  expiring: Nullable(Type.Object({ points: Type.Integer(), expiresAt: Type.String() })),
})
export type PointsSummary = Static<typeof PointsSummarySchema>

export const PointsEntrySchema = Type.Object({
  id: Type.String(),
  kind: PointsEntryKindSchema,
  /** signed: earned > 0; spent, expired < 0; a reversal the opposite of what it undoes */
  points: Type.Integer(),
  source: PointsSourceSchema,
  /** what for: an order number, a redemption number… */
  sourceRef: Nullable(Type.String()),
  createdAt: Type.String(),
  expiresAt: Nullable(Type.String()),
  /** why: a staff adjustment's reason, a reversal's cause (null when the source says it all) */
  note: Type.Optional(Nullable(Type.String())),
})
export type PointsEntry = Static<typeof PointsEntrySchema>

/** the entries are paged like every membership list */
export const PointsEntriesQuerySchema = PageQuerySchema

export const PointsEntriesPageSchema = Paged(PointsEntrySchema)
export type PointsEntriesPage = Static<typeof PointsEntriesPageSchema>
