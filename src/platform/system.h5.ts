import Taro from '@tarojs/taro'

/** H5 facts (see system.ts): no status bar over the page; the browser's language; rich text is DOM. */
export const statusBarHeight = 0

export function deviceLanguage(): string {
  try {
    return Taro.getSystemInfoSync().language || ''
  } catch {
    return typeof navigator !== 'undefined' ? navigator.language : ''
  }
}

export const richTextReadsEntities = false
