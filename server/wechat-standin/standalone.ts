/**
 * The WeChat stand-in on its own port (development only):
 *   npm run wechat:standin            (WECHAT_STANDIN_PORT, default 3900)
 * Then start the server with WECHAT_API_BASE=http://127.0.0.1:3900 WECHAT_OPEN_BASE=http://127.0.0.1:3900
 * WECHAT_APPID=wx-standin-web WECHAT_SECRET=standin-web-secret WECHAT_MINI_APPID=wx-standin-mini
 * WECHAT_MINI_SECRET=standin-mini-secret.
 */
import Fastify from 'fastify'
import { wechatStandin } from '.'
import { STANDIN_APPS } from '../domains/auth/config'
import { loadConfig } from '../config'

async function main() {
  const config = loadConfig()
  if (config.NODE_ENV === 'production') throw new Error('the WeChat stand-in never runs in production')
  const app = Fastify({ logger: { level: config.LOG_LEVEL } })
  await app.register(wechatStandin, { apps: [STANDIN_APPS.web, STANDIN_APPS.mini] })
  await app.listen({ port: config.WECHAT_STANDIN_PORT, host: config.HOST })
}
main().catch((e) => {
  console.error(e)
  process.exit(1)
})
