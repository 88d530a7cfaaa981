/**
 * @tarojs/test-utils-react 0.1.1 was written for Taro 3.6: its createApp() calls Taro 3's router
 * signature. This subclass builds the app the way Taro 4's H5 entry (taro-loader/lib/h5.js) does.
 * (Measured and written up in ../shared/notes/toolchain.md.)
 */
import TestUtils from '@tarojs/test-utils-react'
import * as React from 'react'
import ReactDOM from 'react-dom/client'
import { join } from 'path'
import { createRouter, createHashHistory, handleAppMount } from '@tarojs/router'
import { Current, window as taroWindow } from '@tarojs/runtime'
import { createReactApp } from '@tarojs/plugin-framework-react/dist/runtime'
import { proxyAppLifeCycle } from '@tarojs/test-utils-shared'

const waitRAF = () => new Promise((resolve) => requestAnimationFrame(resolve))

export default class Taro4TestUtils extends TestUtils {
  async createApp(entry = 'pages/home/index') {
    const root = join(__dirname, '..', '..')
    const app = require(join(root, 'src', 'app')).default
    const config = { ...require(join(root, 'src', 'app.config')).default }
    const pages: string[] = [
      ...config.pages,
      ...config.subPackages.flatMap((s: { root: string; pages: string[] }) => s.pages.map((p) => `${s.root}/${p}`)),
    ]
    config.pages = [entry, ...pages.filter((p) => p !== entry)]
    config.routes = config.pages.map((path: string) => ({
      path,
      load: async (context: { route: { path: string } }, params: unknown) => {
        const page = require(join(root, 'src', context.route.path)).default
        return [page, context, params]
      },
    }))
    config.router = { mode: 'hash' }
    ;(taroWindow as any).__taroAppConfig = config
    document.body.innerHTML = '<div id="app"></div>'
    const inst = createReactApp(app, React, ReactDOM as any, config)
    proxyAppLifeCycle(inst)
    const history = createHashHistory({ window: taroWindow as any })
    handleAppMount(config, history)
    createRouter(history, inst, config, React as any)
    await waitRAF()
    return { app: inst, page: Current.page! }
  }

  /** text of the current page */
  pageText() {
    return (document.querySelector('.taro_page') as HTMLElement | null)?.textContent ?? ''
  }

  async waitForText(text: string, timeoutMs = 5000) {
    const end = Date.now() + timeoutMs
    while (!this.pageText().includes(text)) {
      if (Date.now() > end) throw new Error(`"${text}" did not appear; page shows: ${this.pageText().slice(0, 400)}`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }
}
