import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { SysConfig } from '../../../types'
import { ok } from '../../errors'
import { serveEndpoint } from '../../lib/endpoint-route'
import { platformEndpoints } from '../../../types/platform/endpoints'

const REQUIRED_FLAGS = ['ENABLE_ORDER_TAX', 'ENABLE_SIGN_IN_POPUP'] as const

export async function sysconfigRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }) {
  serveEndpoint(app, platformEndpoints.sysConfig, null, async (req) => {
    const country = req.query.countryCode ?? req.locale.country
    const rows = await opts.db
      .selectFrom('sys_config')
      .select(['dict_key', 'dict_value', 'dict_label'])
      .where('country_code', '=', country)
      .where('parent_type', '=', req.query.dictionaryParentType)
      .orderBy('dict_key')
      .execute()
    const data: Record<string, { dictValue: '1' | '0'; dictLabel: string }> = {}
    // Flags the app reads are always present; missing rows mean "off".
    for (const f of REQUIRED_FLAGS) data[f] = { dictValue: '0', dictLabel: f }
    for (const row of rows)
      data[row.dict_key] = { dictValue: row.dict_value === '1' ? '1' : '0', dictLabel: row.dict_label }
    return ok(data as SysConfig)
  })
}
