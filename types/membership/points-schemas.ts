import { Type, type Static } from 'typebox'
import { Nullable } from '../common'
import { PointsEntryKindSchema, PointsSourceSchema } from './ledger'

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
})
export type PointsEntry = Static<typeof PointsEntrySchema>

export const PointsEntriesQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
}, { additionalProperties: false })

export const PointsEntriesPageSchema = Type.Object({
  items: Type.Array(PointsEntrySchema),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
})
export type PointsEntriesPage = Static<typeof PointsEntriesPageSchema>
