/** H5 facts (see system.ts): no status bar over the page; the browser's language; rich text is DOM. */
export const statusBarHeight = 0

// navigator and window directly: Taro.getSystemInfoSync() brings the `platform` user-agent parser
// (~42 KB raw) into the first load for two facts the browser gives.
export function deviceLanguage(): string {
  return typeof navigator !== 'undefined' ? navigator.language || '' : ''
}

export function windowHeight(): number {
  return (typeof window !== 'undefined' && window.innerHeight) || 800
}

export const richTextReadsEntities = false
