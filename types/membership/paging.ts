import type { Static } from 'typebox'
import { Closed, pageQueryFields } from '../common'

/** The paging query of the membership lists (redemptions, feedback, point entries, gift bag, interactions). */
export const PageQuerySchema = Closed(pageQueryFields(10_000))
export type PageQuery = Static<typeof PageQuerySchema>
