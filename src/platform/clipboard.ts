import Taro from '@tarojs/taro'

/** Copies text to the clipboard (mini-program: wx.setClipboardData shows its own "copied" toast; H5: clipboard.h5.ts). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await Taro.setClipboardData({ data: text })
    return true
  } catch {
    return false
  }
}
