import Taro from '@tarojs/taro'

/**
 * The mini-program: WeChat takes the language from the device (nothing to set), and the page's
 * title goes to the navigation bar (hidden behind the custom header, but read by WeChat itself).
 * The H5 variant is document.h5.ts.
 */
export function setDocumentLanguage(_language: 'en' | 'zh'): void {}

export function setDocumentTitle(title: string): void {
  void Taro.setNavigationBarTitle({ title }).catch(() => undefined)
}
