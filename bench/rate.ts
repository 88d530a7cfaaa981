/**
 * Open-loop load at a fixed request rate, for "p99 at N req/s" figures. autocannon's rate mode sends each
 * connection's quota in a burst at the start of every second (and then corrects for coordinated omission
 * as if it had not paused), which measures bursts, not a steady rate. Here a worker thread (its own event
 * loop, so the server under test in the main thread does not delay it) sends request k at start + k/rate,
 * over keep-alive connections, and measures each latency from that scheduled time: if the server falls
 * behind, the wait counts.
 */
import { Worker } from 'node:worker_threads'

export interface RateResult {
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const http = require('node:http')
const { url, paths, headers, rate, seconds } = workerData
const u = new URL(url)
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })
const total = Math.round(rate * seconds)
const lat = []
let errors = 0, non2xx = 0, done = 0, sent = 0, reported = false
const start = performance.now()
function report() {
  if (reported) return
  reported = true
  lat.sort((a, b) => a - b)
  const q = (p) => (lat.length ? Math.round(lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] * 10) / 10 : NaN)
  parentPort.postMessage({ rps: Math.round(done / ((performance.now() - start) / 1000)), p50: q(0.5), p99: q(0.99), errors: errors + (total - done), non2xx })
  agent.destroy()
}
function finish() { if (++done === total) report() }
function fire(k) {
  const scheduled = start + (k * 1000) / rate
  const spec = paths[k % paths.length]
  const one = typeof spec === 'string' ? { method: 'GET', path: spec } : spec
  const body = one.body === undefined ? undefined : JSON.stringify(one.body)
  const h = { ...headers, ...(one.headers || {}), ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) }
  const req = http.request({ host: u.hostname, port: u.port, method: one.method, path: one.path, agent, headers: h }, (res) => {
    res.resume()
    res.on('end', () => {
      lat.push(performance.now() - scheduled)
      if (res.statusCode < 200 || res.statusCode >= 300) non2xx++
      finish()
    })
  })
  req.on('error', () => { errors++; finish() })
  req.end(body)
}
function tick() {
  const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1)
  while (sent < due) fire(sent++)
  if (sent < total) setTimeout(tick, 1)
}
tick()
setTimeout(report, (seconds + 15) * 1000).unref()
`

/** a GET path, or a request with its own method, headers and JSON body */
export type RateRequest =
  string | { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: unknown }

export function runAtRate(
  url: string,
  paths: RateRequest[],
  rate: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<RateResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { url, paths, headers, rate, seconds } })
    w.once('message', (m: RateResult) => {
      resolve(m)
      void w.terminate()
    })
    w.once('error', reject)
  })
}
