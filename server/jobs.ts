/**
 * The server's periodic jobs, in one place: what runs, how often (from the configuration), and their life,
 * which follows the app's: started when the app is ready (app.ready(), or listen), stopped and awaited when
 * it closes. Route files start no timers.
 *
 * A job's runs never overlap: the next run is scheduled when the previous one has finished. A failing job
 * is logged once (warn) per failure streak, and once more when it works again, not at every run.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from './db/schema'
import type { Config } from './config'
import { expirePrizeOrders } from './domains/membership'
import { createDeliverer, type Deliverer } from './domains/platform/outbox/deliver'
import { syncEndpoints, webhookSettings } from './domains/platform/outbox/settings'

export interface Job {
  name: string
  /** ms between the end of one run and the start of the next; 0 = the job is off */
  intervalMs: number
  run: (log: FastifyBaseLogger) => Promise<unknown>
  /** once when the app is ready, also for a job that is off (a failure is logged, the start goes on) */
  prepare?: () => Promise<unknown>
  /** when the app closes, after the last run: ends work the runs started (awaited) */
  stop?: () => Promise<void>
}

/** Every periodic job of the server, with its interval from the configuration. */
export function serverJobs(db: Kysely<DB>, config: Config): Job[] {
  // throws on a bad WEBHOOK_* setting: the start stops with its message
  const webhooks = webhookSettings(config)
  let deliverer: Deliverer | null = null
  return [
    {
      // the outbox to the ERP's webhook URLs, once across all instances (server/domains/platform/outbox/deliver.ts):
      // each poll starts a pump per endpoint that drains its due deliveries
      name: 'webhook delivery',
      intervalMs: webhooks?.pollMs ?? 0,
      // the endpoints table follows WEBHOOK_URLS (none configured: all inactive, events get no deliveries)
      prepare: () => syncEndpoints(db, webhooks?.urls ?? []),
      run: (log) => (deliverer ??= createDeliverer(db, webhooks!, log)).poll(),
      stop: async () => deliverer?.stop(),
    },
    {
      // prize orders whose address is overdue expire (the gift bag's reads sweep too; server/domains/membership/play/draws.ts)
      name: 'prize order sweep',
      intervalMs: config.PRIZE_ORDER_SWEEP_MS,
      run: () => expirePrizeOrders(db),
    },
  ]
}

/** Runs `jobs` (those with an interval) from the app's onReady to its onClose. */
export function registerJobs(app: FastifyInstance, jobs: Job[]): void {
  const on = jobs.filter((j) => j.intervalMs > 0)
  let started: { stop: () => Promise<void> }[] = []
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      if (!job.prepare) continue
      await job.prepare().catch((err) => app.log.warn({ err, job: job.name }, 'job preparation failed'))
    }
    started = on.map((job) => startJob(job, app.log))
    for (const job of on) app.log.info({ job: job.name, intervalMs: job.intervalMs }, 'job started')
  })
  app.addHook('onClose', async () => {
    await Promise.all(started.map((s) => s.stop()))
    await Promise.all(on.map((job) => job.stop?.()))
  })
}

function startJob(job: Job, log: FastifyBaseLogger): { stop: () => Promise<void> } {
  let stopped = false
  let failing = false
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> = Promise.resolve()
  const schedule = () => {
    timer = setTimeout(tick, job.intervalMs)
    timer.unref() // a job never keeps the process alive
  }
  const tick = () => {
    running = (async () => {
      try {
        await job.run(log)
        if (failing) log.info({ job: job.name }, 'job works again')
        failing = false
      } catch (err) {
        if (!failing && !stopped) log.warn({ err, job: job.name }, 'job failed (logged again only after it has worked)')
        failing = true
      }
      if (!stopped) schedule()
    })()
  }
  schedule()
  return {
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
