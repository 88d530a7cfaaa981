import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { ChatConfig } from '../../../types'
import { ok } from '../../errors'
import { STAND_IN_PATH } from './stand-in'
import { tagRoutes } from '../../lib/openapi'
import { serviceEndpoints } from '../../../types/service/endpoints'
import type { Config } from '../../config'
import { serveEndpoint } from '../../lib/endpoint-route'

export { chatStandInRoutes } from './stand-in'

type ChatSettings = Pick<Config, 'CHAT_WIDGET_URL' | 'NODE_ENV'>

/** Only an http(s) address may be configured as the widget. */
const isWebUrl = (v: string) => {
  try {
    const u = new URL(v)
    return u.protocol === 'https:' || u.protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * The chat widget's address: CHAT_WIDGET_URL; when unset and NODE_ENV is not 'production', the
 * local stand-in page this server serves at /__chat (the vendor cannot be reached from here); else null.
 */
export function chatWidgetUrl(req: FastifyRequest, config: ChatSettings): string | null {
  const configured = (config.CHAT_WIDGET_URL ?? '').trim()
  if (configured) return isWebUrl(configured) ? configured : null
  if (config.NODE_ENV === 'production') return null
  return `${req.protocol}://${req.host}${STAND_IN_PATH}`
}

/** Customer-service chat config, under /api (no login needed: anonymous visitors can chat too). */
export async function chatConfigRoutes(app: FastifyInstance, opts: { config?: ChatSettings } = {}) {
  const config = opts.config ?? app.config
  serveEndpoint(app, serviceEndpoints.chatConfig, null, async (req) => {
    const data: ChatConfig = { widgetUrl: chatWidgetUrl(req, config) }
    return ok(data)
  })
}

/** Customer-service chat (issue 4): GET /api/chat/config. The stand-in page /__chat is chatStandInRoutes. */
export async function chatRoutes(app: FastifyInstance, _opts: { db: Kysely<DB> }) {
  tagRoutes(app, 'service')
  await app.register(chatConfigRoutes)
}
