/**
 * One real test server for the whole weapp layer (a fresh PGlite, migrated and seeded: about 20 s
 * on 2 cores, so once rather than per file). The checks only read, apart from logging in the seeded
 * user, which every file may do in any order.
 */
const { startServer } = require('../support/server-process')

module.exports = async function globalSetup() {
  const server = await startServer()
  globalThis.__WEAPP_TEST_SERVER__ = server
  process.env.WEAPP_TEST_SERVER = server.origin // read by harness.testServer() in the test workers
}
