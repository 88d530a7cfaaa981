/**
 * autocannon at full speed over `paths` (each sent once at most, in order), in a child process: the load
 * generator has its own event loop (its own core on this 2-core machine), so the server under test in the
 * bench's process does not share its time with the client that measures it. Until issue 10's last round the
 * search bench ran autocannon in the server's own thread, which roughly halved what a CPU-bound server (PGlite
 * runs PostgreSQL in that thread) could show; the bare route of the same run is measured the same way.
 * (A worker thread will not do: autocannon takes a worker thread for one of its own and answers differently.)
 */
import path from 'node:path'
import type { RateResult } from './rate'
import { runJsonChild } from './support'

const CHILD = `
let input = ''
process.stdin.on('data', (d) => { input += d })
process.stdin.on('end', () => {
  const { url, paths, connections, seconds, autocannon } = JSON.parse(input)
  let i = 0
  require(autocannon)({
    url, connections, duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  }, (err, r) => {
    process.stdout.write(JSON.stringify(err ? { error: String(err) } : { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, sent: i }))
  })
})
`

export async function fullSpeed(
  url: string,
  paths: string[],
  connections: number,
  seconds: number,
): Promise<RateResult & { sent: number }> {
  const autocannon = path.join(process.cwd(), 'node_modules', 'autocannon')
  const m = await runJsonChild<(RateResult & { sent: number }) | { error: string }>(
    CHILD,
    { url, paths, connections, seconds, autocannon },
    'the load generator',
  )
  if ('error' in m) throw new Error(m.error)
  return m
}
