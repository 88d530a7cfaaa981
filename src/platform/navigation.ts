import Taro from '@tarojs/taro'
import { pageUrl, routeByName, type RouteName } from '../routes'

type Params = Record<string, string | number | undefined | null>

/**
 * Navigation for the mini-program (neutral default). Footer tabs replace the stack so the back
 * arrow never walks through tab history; other pages push.
 */
export const navigation = {
  go(name: RouteName, params?: Params) {
    const url = pageUrl(name, params)
    if (routeByName(name).tab) return Taro.reLaunch({ url })
    return Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }))
  },
  back() {
    if (Taro.getCurrentPages().length > 1) return Taro.navigateBack()
    return Taro.reLaunch({ url: pageUrl('home') })
  },
  canGoBack: () => Taro.getCurrentPages().length > 1,
  /** Starts the app again on the current page (a mini-program cannot reload itself). */
  reload() {
    const pages = Taro.getCurrentPages()
    const cur = pages[pages.length - 1] as { route?: string } | undefined
    return Taro.reLaunch({ url: cur?.route ? `/${cur.route}` : pageUrl('home') })
  }
}
