// Taro 4 renders into jsdom only when TARO_PLATFORM is 'web' (test-utils 0.1.1 sets only TARO_ENV).
process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'
// Load @tarojs/taro (mapped to taro-h5) before @tarojs/router to avoid a circular-import crash.
require('@tarojs/taro')
global.defineAppConfig = (c) => c
global.definePageConfig = (c) => c
// The H5 build calls this from config/index.ts (designWidth 750); taro-ui's icons need it.
require('@tarojs/taro').initPxTransform({
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
})
// jsdom has no IntersectionObserver (Taro's lazy-loading Image uses it): report everything visible.
if (!global.IntersectionObserver) {
  global.IntersectionObserver = class {
    constructor(cb) {
      this.cb = cb
    }
    observe(target) {
      this.cb([{ isIntersecting: true, intersectionRatio: 1, target }], this)
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
}
// The app registers its language catalogues at launch (src/store/catalogues*.ts, which the H5 build loads one
// at a time); component tests render pages without the app, so both are registered here.
require('../../src/i18n')
