import Taro from '@tarojs/taro'

/** Taro's toast (a text toast, no icon), its failure (no page on screen) swallowed. */
export const presentToast = (title: string, duration: number) =>
  Taro.showToast({ title, icon: 'none', duration }).catch(() => undefined)
