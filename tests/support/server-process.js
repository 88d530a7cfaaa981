/**
 * Starts the real API server (server/index.ts) as a child process on a free port, with its own
 * fresh PGlite data folder (or DATABASE_URL if the caller passes one), serving dist/h5.
 * Used by the mini-program render checks and the end-to-end tests: no mock of our server.
 */
const { spawn } = require('node:child_process')
const fs = require('node:fs')
const http = require('node:http')
const net = require('node:net')
const os = require('node:os')
const path = require('node:path')

const ROOT = path.resolve(__dirname, '..', '..')

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

// node:http rather than fetch: jest's jsdom environment has no fetch
function getStatus(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume()
      resolve(res.statusCode)
    })
    req.on('error', () => resolve(0))
    req.setTimeout(2000, () => {
      req.destroy()
      resolve(0)
    })
  })
}

/**
 * Whether the socket listening on 127.0.0.1:port is the child's own (Linux: /proc/net/tcp's LISTEN row for
 * the port, then the child's file descriptors); null where /proc cannot tell. A free port can be taken by
 * another program in the seconds before the child binds it (two test runs side by side start dozens of
 * servers): a 200 from that program's /api/health must not pass for our server.
 */
function listensOn(pid, port) {
  try {
    const hex = port.toString(16).toUpperCase().padStart(4, '0')
    const row = fs
      .readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .find((f) => f[1] === `0100007F:${hex}` && f[3] === '0A')
    if (!row) return false
    const socket = `socket:[${row[9]}]`
    return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === socket
      } catch {
        return false
      }
    })
  } catch {
    return null
  }
}

class PortTaken extends Error {}

async function waitForHealth(origin, child, timeoutMs) {
  const end = Date.now() + timeoutMs
  const port = Number(new URL(origin).port)
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    if ((await getStatus(`${origin}/api/health`)) === 200) {
      const own = listensOn(child.pid, port)
      if (own !== false) return
      throw new PortTaken(`another program answers on ${origin}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`server did not answer ${origin}/api/health within ${timeoutMs} ms`)
}

async function startServer(options = {}) {
  // a port taken between freePort() and the child's listen is tried again on another one
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(options)
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt >= 3) throw e
    }
  }
}

async function startServerOnce({ env = {}, timeoutMs = 90000 } = {}) {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'))
  const output = []
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '', // a fresh embedded database per test server unless the caller passes one
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: process.env.TEST_H5_DIR ? path.resolve(ROOT, process.env.TEST_H5_DIR) : path.join(ROOT, 'dist', 'h5'),
      JWT_SECRET: 'test-secret-for-end-to-end-runs-only-0123456789',
      LOG_LEVEL: 'warn',
      // the server's own origin: issuer of the embedded OpenID provider and the login redirect_uris
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (d) => output.push(String(d)))
  child.stderr.on('data', (d) => output.push(String(d)))
  const origin = `http://127.0.0.1:${port}`
  try {
    await waitForHealth(origin, child, timeoutMs)
  } catch (e) {
    child.kill('SIGKILL')
    fs.rmSync(dataDir, { recursive: true, force: true })
    if (e instanceof PortTaken) throw e
    throw new Error(`${e.message}\n${output.join('')}`)
  }
  return {
    origin,
    dataDir,
    output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        let timer
        await Promise.race([
          exited,
          new Promise((r) => {
            timer = setTimeout(r, 5000)
          }),
        ])
        clearTimeout(timer) // a server that exited at once leaves no 5 s timer holding the test runner open
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

module.exports = { startServer, freePort, listensOn, ROOT }
