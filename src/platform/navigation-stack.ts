import Taro from '@tarojs/taro'
import { pageUrl, routeByName, type RouteName } from '../../types/routes'
import { withNavigationParams } from './navigation-params'

export type NavigationParams = Record<string, string | number | undefined | null>

/**
 * The navigation both platforms share (navigation.ts, navigation.h5.ts add their own): footer tabs
 * replace the stack so the back arrow never walks through tab history; other pages push.
 */
export const stackNavigation = {
  go(name: RouteName, params?: NavigationParams) {
    // spec section 5: utm_/itm_ tracking parameters travel with every navigation
    const url = pageUrl(name, withNavigationParams(params))
    if (routeByName(name).tab) return Taro.reLaunch({ url })
    return Taro.navigateTo({ url })
  },
  /** Opens a page in place of the current one (e.g. another size of the same product). */
  replace(name: RouteName, params?: NavigationParams) {
    return Taro.redirectTo({ url: pageUrl(name, withNavigationParams(params)) })
  },
  back() {
    if (Taro.getCurrentPages().length > 1) return Taro.navigateBack()
    return Taro.reLaunch({ url: pageUrl('home') })
  },
  canGoBack: () => Taro.getCurrentPages().length > 1,
}
