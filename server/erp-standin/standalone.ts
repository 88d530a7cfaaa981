/**
 * The stand-in ERP on its own port (development only; docs/erp.md, "Try it with the stand-in ERP"):
 *   1. an administrator makes an integration client (POST /api/admin/integration-clients, scopes erp:orders and
 *      erp:invoices) and notes its id and secret;
 *   2. the store runs with WEBHOOK_URLS=http://127.0.0.1:3901/hooks and a WEBHOOK_SECRET;
 *   3. npm run erp:standin with the same WEBHOOK_SECRET, ERP_STANDIN_CLIENT_ID and ERP_STANDIN_CLIENT_SECRET
 *      (ERP_STANDIN_PORT, default 3901; ERP_STANDIN_STORE_URL, default the store's own PORT on 127.0.0.1).
 * Orders placed then move along: in progress, shipped with a tracking number, invoiced, delivered.
 */
import { loadConfig } from '../config'
import { startErpStandin } from '.'

async function main() {
  const config = loadConfig()
  if (config.NODE_ENV === 'production') throw new Error('the stand-in ERP never runs in production')
  const missing = (['WEBHOOK_SECRET', 'ERP_STANDIN_CLIENT_ID', 'ERP_STANDIN_CLIENT_SECRET'] as const).filter(
    (k) => !config[k],
  )
  if (missing.length) throw new Error(`the stand-in ERP needs ${missing.join(', ')} (docs/erp.md)`)
  const s = await startErpStandin({
    storeUrl: config.ERP_STANDIN_STORE_URL ?? `http://127.0.0.1:${config.PORT}`,
    webhookSecret: config.WEBHOOK_SECRET!,
    credentials: { clientId: config.ERP_STANDIN_CLIENT_ID!, clientSecret: config.ERP_STANDIN_CLIENT_SECRET! },
    stepDelayMs: config.ERP_STANDIN_STEP_DELAY_MS,
    deliverAfterMs: config.ERP_STANDIN_DELIVER_AFTER_MS,
    port: config.ERP_STANDIN_PORT,
    logger: true,
  })
  console.log(`stand-in ERP: webhooks at ${s.hooksUrl}, what it did at ${s.url}/events`)
}
main().catch((e) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
