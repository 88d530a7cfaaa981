import Taro from '@tarojs/taro'

/**
 * The H5 document: the page language on <html lang> (screen readers pick their voice from it) and a
 * title per page (the tab, history and the first thing a screen reader announces).
 */
export function setDocumentLanguage(language: 'en' | 'zh'): void {
  const lang = language === 'zh' ? 'zh-CN' : 'en'
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang
}

/** Through Taro's navigation bar, which keeps the title per page and puts it back when the page shows again. */
export function setDocumentTitle(title: string): void {
  if (document.title !== title)
    void Taro.setNavigationBarTitle({ title }).catch(() => {
      document.title = title
    })
}
