module.exports = async function globalTeardown() {
  await globalThis.__WEAPP_TEST_SERVER__?.stop()
}
