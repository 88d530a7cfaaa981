import { stackNavigation } from './navigation-stack'

/** H5 navigation: Taro's router (browser history, spec paths), and a real page reload. */
export const navigation = {
  ...stackNavigation,
  reload() {
    window.location.reload()
  },
}
