import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import path from 'path'
import { require as tsxRequire } from 'tsx/cjs/api'
// eslint-disable-next-line @typescript-eslint/no-require-imports
const H5ChunkManifestPlugin = require('./h5-chunk-manifest.js')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const H5CompileHintsPlugin = require('./h5-compile-hints.js')

// Taro compiles only config/ when it loads this file; the route table lives in src/ (the app uses it too).
const { h5CustomRoutes } = tsxRequire('../types/routes.ts', __filename) as typeof import('../types/routes')

/**
 * One config for both targets. Each target builds into its own folder: dist/weapp (opened by the
 * root project.config.json) and dist/h5 (served by the API server at the same origin).
 *
 * API_BASE_URL is fixed at build time. H5 defaults to '' (same origin as the server that serves it);
 * the mini-program defaults to http://127.0.0.1:3000 (project.config.json turns url checking off
 * for local development).
 */
// taro-ui's styles still use Sass @import and old built-ins: keep the build log for our own warnings.
const sassLoaderOption = {
  sassOptions: {
    silenceDeprecations: ['import', 'global-builtin', 'legacy-js-api', 'color-functions', 'slash-div', 'mixed-decls'],
  },
}

export default defineConfig<'webpack5'>(async (merge) => {
  const isH5 = process.env.TARO_ENV === 'h5'
  if (isH5 && !process.env.BROWSERSLIST) {
    // H5 only (the weapp keeps package.json's list): the phones that open the store run Chromium-based
    // WebViews (WeChat's XWeb, Android System WebView) or iOS Safari, all with ES2017 (async/await,
    // classes) for years. Compiling down to Android 4.1 / iOS 8 added regenerator and class helpers
    // to every chunk. browserslist reads this variable before package.json (babel and autoprefixer).
    process.env.BROWSERSLIST = 'chrome >= 64, ios_saf >= 12, safari >= 12, android >= 64'
  }
  const apiBase = process.env.API_BASE_URL ?? (isH5 ? '' : 'http://127.0.0.1:3000')
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'lab-storefront',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // TARO_OUT_DIR lets parallel builds (and their tests) use their own folder
    outputRoot: process.env.TARO_OUT_DIR ?? (isH5 ? 'dist/h5' : 'dist/weapp'),
    // weapp templates carry aria-role / aria-label (src/platform/a11y.tsx sets them)
    plugins: [path.resolve(__dirname, 'weapp-aria-plugin.js')],
    defineConstants: {
      API_BASE_URL: JSON.stringify(apiBase),
      APP_SOURCE: JSON.stringify(isH5 ? 'h5' : 'weapp'),
    },
    alias: { '@': path.resolve(__dirname, '..', 'src') },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    mini: {
      sassLoaderOption,
      // types/ holds the API contract and the shared pure rules (address checks): compiled like src/
      compile: { include: [path.resolve(__dirname, '..', 'types')] },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: {
          enable: false,
          config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' },
        },
      },
      optimizeMainPackage: { enable: true },
    },
    h5: {
      sassLoaderOption,
      compile: { include: [path.resolve(__dirname, '..', 'types')] },
      // The Stencil web components that Taro's React components lack (Textarea, RichText, ...) in one shared
      // chunk, loaded only by the pages that use them, instead of a copy in each of those page chunks.
      // (Swiper, which only Home uses, stays in Home's chunk: forcing it in here made every page that
      // needed a Textarea load it too, and Home load the web components.)
      webpackChain(chain) {
        // chunk-manifest.json: the files of each page's first load (read by the size budget test)
        chain.plugin('h5ChunkManifest').use(H5ChunkManifestPlugin)
        // the entry's scripts compiled while they stream in, off the main thread (see h5-compile-hints.js)
        chain.plugin('h5CompileHints').use(H5CompileHintsPlugin)
        // Taro's Swiper with the swiper modules it uses, not the whole bundle (see h5-swiper.mjs)
        chain.resolve.alias.set('swiper/bundle$', path.resolve(__dirname, 'h5-swiper.mjs'))
        // polyfills and a JSONP client the H5 browserslist and this app never need (see each file)
        chain.resolve.alias.set('whatwg-fetch$', path.resolve(__dirname, 'h5-polyfill-free.mjs'))
        chain.resolve.alias.set('jsonp-retry$', path.resolve(__dirname, 'h5-no-jsonp.mjs'))
        chain.optimization.merge({
          splitChunks: {
            cacheGroups: {
              taroComponents: {
                test: /[\\/]node_modules[\\/](@tarojs[\\/]components|@stencil)[\\/]/,
                name: 'taro-components',
                chunks: 'async',
                priority: 30,
                enforce: true,
              },
            },
          },
        })
      },
      publicPath: '/',
      staticDirectory: 'static',
      // the site icon: emitted as /favicon.ico and linked from index.html (browsers ask for it on every page)
      htmlPluginOption: { favicon: path.resolve(__dirname, '..', 'src', 'favicon.ico') },
      esnextModules: ['taro-ui'],
      // Taro's React components (@tarojs/components-react: plain React elements, imported one by one)
      // instead of the Stencil web components, whose runtime and the whole library (~100 KB gzipped)
      // sat in every first load. Components it lacks (Textarea, RichText, ...) fall back to the web
      // component in the page chunks that use them.
      useHtmlComponents: true,
      router: { mode: 'browser', customRoutes: h5CustomRoutes() },
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: {
          enable: false,
          config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' },
        },
      },
    },
  }
  if (process.env.NODE_ENV === 'development') {
    return merge({}, baseConfig, { mini: {}, h5: { devServer: { proxy: { '/api': 'http://127.0.0.1:3000' } } } })
  }
  return merge({}, baseConfig, { mini: {}, h5: {} })
})
