import { Type, type Static } from 'typebox'
import { Literals } from '../common'

export const HealthSchema = Type.Object({ db: Literals(['pglite', 'postgres']) })
export type Health = Static<typeof HealthSchema>
