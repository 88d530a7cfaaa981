import Taro from '@tarojs/taro'
import { TOAST_MS, type ToastKind } from '../rules/constants'
import { presentToast } from '../platform/toast'

/**
 * Toasts with the spec section 9 durations: default 1.5 s, flash-buy 5 s, session 3 s.
 *
 * A toast raised before any page is on screen (the session check at launch) would be dropped by
 * Taro's router as the first page opens, so it waits for the first page (flushPendingToast,
 * called by every page's shell when it shows). Only the latest waiting toast is kept.
 */
let pending: { message: string; kind: ToastKind } | null = null

export function showToast(message: string, kind: ToastKind = 'default') {
  if (!Taro.getCurrentInstance().page) {
    pending = { message, kind }
    return Promise.resolve()
  }
  return presentToast(message, TOAST_MS[kind])
}

export function flushPendingToast() {
  if (!pending) return
  const { message, kind } = pending
  pending = null
  showToast(message, kind)
}
