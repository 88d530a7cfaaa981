import Taro from '@tarojs/taro'

/**
 * Persistent key-value storage (Taro storage: localStorage on H5, wx storage in the mini-program).
 * Taro's getStorageSync returns '' for a missing key; this adapter returns null instead, so that
 * an empty string stored on purpose and a missing key are not confused by callers.
 */
export const storage = {
  get(key: string): string | null {
    try {
      const v = Taro.getStorageSync(key)
      if (v === '' || v === undefined || v === null) return null
      return typeof v === 'string' ? v : JSON.stringify(v)
    } catch {
      return null
    }
  },
  set(key: string, value: string) {
    try {
      Taro.setStorageSync(key, value)
    } catch {
      /* storage full or unavailable: nothing to keep */
    }
  },
  remove(key: string) {
    try {
      Taro.removeStorageSync(key)
    } catch {
      /* ignore */
    }
  },
}

/** zustand `persist` storage over the adapter above. */
export const persistStorage = {
  getItem: (name: string) => storage.get(name),
  setItem: (name: string, value: string) => storage.set(name, value),
  removeItem: (name: string) => storage.remove(name),
}
