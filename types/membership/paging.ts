import { Type, type Static } from 'typebox'

/** The paging query of the membership lists (redemptions, feedback, point entries, gift bag, interactions). */
export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
}, { additionalProperties: false })
export type PageQuery = Static<typeof PageQuerySchema>
