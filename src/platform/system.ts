import Taro from '@tarojs/taro'

/**
 * Facts about the device and renderer (neutral default = the mini-program; H5: system.h5.ts).
 */

/** The status bar's height in px: the mini-program's custom header and sticky rails sit below it. */
export const statusBarHeight: number = (() => {
  try {
    return Taro.getSystemInfoSync().statusBarHeight ?? 20
  } catch {
    return 20
  }
})()

/** The device's language tag (e.g. zh_CN), or '' when unknown. */
export function deviceLanguage(): string {
  try {
    return Taro.getSystemInfoSync().language || ''
  } catch {
    return ''
  }
}

/** The window's height in px (lists draw a window of pages around the visible part). */
export function windowHeight(): number {
  try {
    return Taro.getSystemInfoSync().windowHeight || 800
  } catch {
    return 800
  }
}

/** The mini-program's rich-text reads entities in text nodes, so decoded text must be written back escaped. */
export const richTextReadsEntities = true
