import { Type, type Static } from 'typebox'

export const HealthSchema = Type.Object({ db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]) })
export type Health = Static<typeof HealthSchema>
