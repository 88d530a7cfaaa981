// Mini-program build checks: the compiled dist/weapp output, loaded in miniprogram-simulate
// (WeChat's exparser in jsdom) with the official wcc compiler. Build first: npm run build:weapp.
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/weapp/**/*.test.js'],
  transform: {},
  // one test server for every file (harness.testServer)
  globalSetup: '<rootDir>/tests/weapp/global-setup.js',
  globalTeardown: '<rootDir>/tests/weapp/global-teardown.js',
  testTimeout: 120000,
}
