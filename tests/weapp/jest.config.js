// Mini-program build checks: the compiled dist/weapp output, loaded in miniprogram-simulate
// (WeChat's exparser in jsdom) with the official wcc compiler. Build first: npm run build:weapp.
const path = require('path')

module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/weapp/**/*.test.js'],
  transform: {},
  testTimeout: 120000
}
