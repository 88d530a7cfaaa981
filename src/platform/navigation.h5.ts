import Taro from '@tarojs/taro'
import { pageUrl, routeByName, type RouteName } from '../routes'

type Params = Record<string, string | number | undefined | null>

/** H5 navigation: Taro's router (browser history, spec paths), and a real page reload. */
export const navigation = {
  go(name: RouteName, params?: Params) {
    const url = pageUrl(name, params)
    if (routeByName(name).tab) return Taro.reLaunch({ url })
    return Taro.navigateTo({ url })
  },
  back() {
    if (Taro.getCurrentPages().length > 1) return Taro.navigateBack()
    return Taro.reLaunch({ url: pageUrl('home') })
  },
  canGoBack: () => Taro.getCurrentPages().length > 1,
  reload() {
    window.location.reload()
  }
}
