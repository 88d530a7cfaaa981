import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ChatConfig } from '../../../types'
import { ok } from '../../errors'
import { STAND_IN_PATH } from './stand-in'
import { ChatConfigSchema } from '../../../types'
import { okReply } from '../../lib/openapi'

type Env = Record<string, string | undefined>

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
 * The chat widget's address: env CHAT_WIDGET_URL; when unset and NODE_ENV is not 'production', the
 * local stand-in page this server serves at /__chat (the vendor cannot be reached from here); else null.
 */
export function chatWidgetUrl(req: FastifyRequest, env: Env = process.env): string | null {
  const configured = (env.CHAT_WIDGET_URL ?? '').trim()
  if (configured) return isWebUrl(configured) ? configured : null
  if (env.NODE_ENV === 'production') return null
  return `${req.protocol}://${req.host}${STAND_IN_PATH}`
}

/** Customer-service chat config, under /api (no login needed: anonymous visitors can chat too). */
export async function chatConfigRoutes(app: FastifyInstance, opts: { env?: Env } = {}) {
  app.get('/chat/config', { schema: { response: okReply(ChatConfigSchema) } }, async (req) => {
    const data: ChatConfig = { widgetUrl: chatWidgetUrl(req, opts.env ?? process.env) }
    return ok(data)
  })
}
