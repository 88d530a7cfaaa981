import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Persona } from '../../../types'
import { ok } from '../../errors'
import { DS_PERSONA_DEFAULTS } from '../../db/seed/accounts'

type Kind = 'role' | 'industry' | 'interest'

function shape(rows: { kind: string; label: string }[]): Persona {
  const pick = (k: Kind) => rows.filter((r) => r.kind === k).map((r) => r.label)
  return { roles: pick('role'), industries: pick('industry'), interestAreas: pick('interest') }
}

export async function personaRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  app.get('/persona', { preHandler: app.requireUser }, async (req) => {
    const labelCol = req.locale.language === 'en' ? 'o.label_en' : 'o.label_zh'
    const rows = await db
      .selectFrom('user_personas as p')
      .innerJoin('persona_options as o', (j) => j.onRef('o.kind', '=', 'p.kind').onRef('o.code', '=', 'p.code'))
      .select(['p.kind', `${labelCol} as label`])
      .where('p.user_id', '=', req.user!.id)
      .orderBy('o.sort_order')
      .execute()
    return ok(shape(rows))
  })

  /** Secondary source used by the app as a fallback: defaults derived from the caller's account type. */
  app.get('/persona/getDSPersona', { preHandler: app.requireUser }, async (req) => {
    const d = DS_PERSONA_DEFAULTS[req.user!.accountType] ?? DS_PERSONA_DEFAULTS.customer
    const wanted = [
      ...d.role.map((code) => ['role', code]),
      ...d.industry.map((code) => ['industry', code]),
      ...d.interest.map((code) => ['interest', code]),
    ]
    const opts = await db.selectFrom('persona_options').selectAll().orderBy('sort_order').execute()
    const rows = opts
      .filter((o) => wanted.some(([k, c]) => o.kind === k && o.code === c))
      .map((o) => ({ kind: o.kind, label: req.locale.language === 'en' ? o.label_en : o.label_zh }))
    return ok(shape(rows))
  })
}
