import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../server/db/schema'
import { registerJobs, serverJobs, type Job } from '../../server/jobs'
import { loadConfig } from '../../server/config'

/** The periodic jobs (server/jobs.ts): one registry starts them when the app is ready and stops them when it closes. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function appWithLog() {
  const lines: { level: number; msg: string; job?: string }[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l))
      done()
    },
  })
  return { app: Fastify({ logger: { level: 'info', stream } }), lines }
}

describe('the job registry (server/jobs.ts)', () => {
  it('runs a job from ready to close, never two runs of it at once; a job with interval 0 never runs', async () => {
    const { app } = appWithLog()
    let runs = 0
    let active = 0
    let most = 0
    let offRuns = 0
    const slow: Job = {
      name: 'slow',
      intervalMs: 5,
      run: async () => {
        runs++
        most = Math.max(most, ++active)
        await sleep(20)
        active--
      },
    }
    registerJobs(app, [
      slow,
      {
        name: 'off',
        intervalMs: 0,
        run: async () => {
          offRuns++
        },
      },
    ])
    await sleep(30)
    assert.equal(runs, 0, 'nothing runs before the app is ready')
    await app.ready()
    await sleep(150)
    await app.close()
    const atClose = runs
    assert.ok(atClose >= 2, `ran ${atClose} times`)
    assert.equal(most, 1, 'runs never overlap')
    assert.equal(active, 0, 'close waits for the run in progress')
    await sleep(50)
    assert.equal(runs, atClose, 'no run after close')
    assert.equal(offRuns, 0)
  })

  it('a failing job is logged once per failure streak, and once when it works again', async () => {
    const { app, lines } = appWithLog()
    const outcomes = [false, false, false, true, true, false, false]
    let i = 0
    registerJobs(app, [
      {
        name: 'flaky',
        intervalMs: 5,
        run: async () => {
          if (!outcomes[Math.min(i++, outcomes.length - 1)]) throw new Error('database down')
        },
      },
    ])
    await app.ready()
    while (i < outcomes.length + 3) await sleep(5)
    await app.close()
    const ofJob = lines.filter((l) => l.job === 'flaky').map((l) => `${l.level} ${l.msg}`)
    assert.deepEqual(ofJob, [
      '30 job started',
      '40 job failed (logged again only after it has worked)',
      '30 job works again',
      '40 job failed (logged again only after it has worked)',
    ])
  })

  it("the server's jobs take their intervals from the configuration", () => {
    const db = {} as Kysely<DB> // not run here
    const intervals = (env: Record<string, string>) =>
      Object.fromEntries(serverJobs(db, loadConfig(env)).map((j) => [j.name, j.intervalMs]))
    // no order status job: the ERP moves orders along (issue 24: the stand-in ERP "replaces the timer lifecycle")
    assert.deepEqual(intervals({}), { 'webhook delivery': 0, 'prize order sweep': 15 * 60_000 })
    assert.deepEqual(intervals({ PRIZE_ORDER_SWEEP_MS: '0' }), { 'webhook delivery': 0, 'prize order sweep': 0 })
    const webhooks = {
      WEBHOOK_URLS: 'https://erp.example/hooks',
      WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }
    assert.equal(intervals(webhooks)['webhook delivery'], 200)
  })
})
