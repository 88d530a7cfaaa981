import Taro from '@tarojs/taro'
import { pageUrl, routeByName, type RouteName } from '../../types/routes'
import { withNavigationParams } from './navigation-params'
import { stackNavigation, type NavigationParams } from './navigation-stack'

/** Navigation for the mini-program (neutral default): the stack navigation of navigation-stack.ts, and: */
export const navigation = {
  ...stackNavigation,
  /** a push the mini-program refuses (e.g. on a full page stack) opens the page in place of the current one */
  go(name: RouteName, params?: NavigationParams) {
    const url = pageUrl(name, withNavigationParams(params))
    if (routeByName(name).tab) return Taro.reLaunch({ url })
    return Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }))
  },
  /** Starts the app again on the current page (a mini-program cannot reload itself). */
  reload() {
    const pages = Taro.getCurrentPages()
    const cur = pages[pages.length - 1] as { route?: string } | undefined
    return Taro.reLaunch({ url: cur?.route ? `/${cur.route}` : pageUrl('home') })
  },
}
