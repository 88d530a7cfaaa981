import Taro from '@tarojs/taro'
import { pageUrl, routeByName, type RouteName } from '../../types/routes'
import { withNavigationParams } from './navigation-params'

type Params = Record<string, string | number | undefined | null>

/**
 * Navigation for the mini-program (neutral default). Footer tabs replace the stack so the back
 * arrow never walks through tab history; other pages push.
 */
export const navigation = {
  go(name: RouteName, params?: Params) {
    // spec section 5: utm_/itm_ tracking parameters travel with every navigation
    const url = pageUrl(name, withNavigationParams(params))
    if (routeByName(name).tab) return Taro.reLaunch({ url })
    return Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }))
  },
  /** Opens a page in place of the current one (e.g. another size of the same product). */
  replace(name: RouteName, params?: Params) {
    return Taro.redirectTo({ url: pageUrl(name, withNavigationParams(params)) })
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
  },
}
