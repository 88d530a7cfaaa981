import Taro from '@tarojs/taro'
import { TOAST_MS, type ToastKind } from '../rules/constants'

/** Toasts with the spec section 9 durations: default 1.5 s, flash-buy 5 s, session 3 s. */
export function showToast(message: string, kind: ToastKind = 'default') {
  return Taro.showToast({ title: message, icon: 'none', duration: TOAST_MS[kind] }).catch(() => undefined)
}
