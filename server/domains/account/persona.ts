import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Persona, PersonaOptions } from '../../../types'
import { ApiError, ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { DS_PERSONA_DEFAULTS } from './persona-defaults'
import { ownAccountRoute } from './common'
import { emitEvent } from '../platform'
import { accountEndpoints } from '../../../types/account/endpoints'

type Kind = 'role' | 'industry' | 'interest'

function shape(rows: { kind: string; label: string }[]): Persona {
  const pick = (k: Kind) => rows.filter((r) => r.kind === k).map((r) => r.label)
  return { roles: pick('role'), industries: pick('industry'), interestAreas: pick('interest') }
}

const BODY_FIELD: Record<Kind, 'roles' | 'industries' | 'interestAreas'> = {
  role: 'roles',
  industry: 'industries',
  interest: 'interestAreas',
}

/** The user's persona, labelled in the request's language. */
async function loadPersona(db: Kysely<DB>, userId: string, language: string): Promise<Persona> {
  const labelCol = language === 'en' ? 'o.label_en' : 'o.label_zh'
  const rows = await db
    .selectFrom('user_personas as p')
    .innerJoin('persona_options as o', (j) => j.onRef('o.kind', '=', 'p.kind').onRef('o.code', '=', 'p.code'))
    .select(['p.kind', `${labelCol} as label`])
    .where('p.user_id', '=', userId)
    .orderBy('o.sort_order')
    .execute()
  return shape(rows)
}

export async function personaRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  const { db } = opts

  serveEndpoint(app, accountEndpoints.persona, app.requireUser, async (req) =>
    ok(await loadPersona(db, req.user!.id, req.locale.language)),
  )

  /** The choices (roles, industries, interest areas), labelled in the request's language. */
  serveEndpoint(app, accountEndpoints.personaOptions, app.requireUser, async (req) => {
    const en = req.locale.language === 'en'
    const options = await db.selectFrom('persona_options').selectAll().orderBy('sort_order').execute()
    const pick = (k: Kind) =>
      options.filter((o) => o.kind === k).map((o) => ({ code: o.code, label: en ? o.label_en : o.label_zh }))
    const data: PersonaOptions = {
      roles: pick('role'),
      industries: pick('industry'),
      interestAreas: pick('interest'),
    }
    return ok(data)
  })

  /** Replaces the caller's own persona (and only theirs) with the chosen codes. */
  ownAccountRoute(app, accountEndpoints.savePersona, async (req) => {
    const en = req.locale.language === 'en'
    const options = await db.selectFrom('persona_options').select(['kind', 'code']).execute()
    const rows: { user_id: string; kind: Kind; code: string }[] = []
    const errors: string[] = []
    for (const kind of ['role', 'industry', 'interest'] as const) {
      const field = BODY_FIELD[kind]
      for (const code of new Set(req.body[field])) {
        if (!options.some((o) => o.kind === kind && o.code === code)) {
          errors.push(
            en
              ? `body/${field}: unknown ${kind} code ${JSON.stringify(code)}`
              : `body/${field}：未知的选项 ${JSON.stringify(code)}`,
          )
        } else rows.push({ user_id: req.user!.id, kind, code })
      }
    }
    if (errors.length) throw new ApiError(400, 'VALIDATION_ERROR', errors.join('; '))
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_personas').where('user_id', '=', req.user!.id).execute()
      if (rows.length) await trx.insertInto('user_personas').values(rows).execute()
      // issue 24: "account changed" reaches the ERP with the change (the outbox)
      await emitEvent(trx, 'account.changed', {
        userId: req.user!.id,
        accountId: req.user!.accountId,
        change: 'persona',
        roles: rows.filter((r) => r.kind === 'role').map((r) => r.code),
        industries: rows.filter((r) => r.kind === 'industry').map((r) => r.code),
        interestAreas: rows.filter((r) => r.kind === 'interest').map((r) => r.code),
      })
    })
    return ok(await loadPersona(db, req.user!.id, req.locale.language))
  })

  /** Secondary source used by the app as a fallback: defaults derived from the caller's account type. */
  serveEndpoint(app, accountEndpoints.dsPersona, app.requireUser, async (req) => {
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
