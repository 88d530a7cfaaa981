// App unit and component tests (jsdom, H5 flavour of Taro). See ../shared/notes/toolchain.md.
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default

// ESM-only packages reached from @tarojs/* at test time (must be transformed by babel)
const esmPkgs = [
  '@tarojs',
  'taro-ui',
  '@stencil',
  'lodash-es',
  'zustand',
  'query-string',
  'decode-uri-component',
  'split-on-first',
  'filter-obj',
  'style-inject',
  '\\.pnpm',
  'tslib',
  'swiper',
  'ssr-window',
  'dom7',
]

module.exports = defineJestConfig({
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/app/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.(mjs|cjs|js|jsx|ts|tsx)$': require.resolve('@tarojs/test-utils-react/dist/jest/babel-transformer.js'),
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPkgs.join('|')})/)`],
  // Taro's platform suffixes: the jsdom run is the H5 build, so `x.h5.ts` wins over `x.ts`.
  moduleFileExtensions: ['h5.ts', 'h5.tsx', 'ts', 'tsx', 'js', 'jsx', 'json', 'mjs', 'cjs'],
  setupFilesAfterEnv: ['<rootDir>/tests/support/jest.setup.js'],
  moduleNameMapper: {
    // the H5 build starts the app once the active language's catalogue has loaded (a top-level await,
    // which jest's CommonJS cannot run); here both catalogues are there from the start, as in the weapp
    '^(\\.{1,2}/)+store/catalogues$': '<rootDir>/src/store/catalogues.ts',
    // likewise a subpackage screen's messages: registered with the rest, nothing to wait for
    '^(\\.{1,2}/)+store/(order|flashbuy|membership)/screens$': '<rootDir>/src/store/$2/screens.ts',
    // the H5 build loads Taro's toast with the first toast (a chunk); the tests spy on Taro.showToast
    // right after the action that shows one, so here it is called at once, as the mini-program does
    '^(\\.{1,2}/)+platform/toast$': '<rootDir>/src/platform/toast.ts',
    '\\.(css|less|sass|scss|styl)$': '<rootDir>/tests/support/style-mock.js',
  },
  globals: {
    API_BASE_URL: 'http://api.test',
    APP_SOURCE: 'h5',
  },
  // a page test's first render compiles the page's whole module graph: on 2 shared cores, next to
  // the builds, that alone can pass 5 s. Behaviour waits (waitText) keep their own limits.
  testTimeout: 20000,
  bail: 0,
})
