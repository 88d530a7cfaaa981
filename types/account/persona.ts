import { Type, type Static } from 'typebox'

/** GET /api/persona and GET /api/persona/getDSPersona → data. Labels in the request's language. */
export const PersonaSchema = Type.Object({
  roles: Type.Array(Type.String()),
  industries: Type.Array(Type.String()),
  interestAreas: Type.Array(Type.String()),
})
export type Persona = Static<typeof PersonaSchema>
