/** H5: the browser's sessionStorage (see session-storage.ts for the contract). */
const ss = (): Storage | null => {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

export const sessionStore = {
  get: (key: string): string | null => ss()?.getItem(key) ?? null,
  set: (key: string, value: string) => {
    try {
      ss()?.setItem(key, value)
    } catch {
      /* quota */
    }
  },
  remove: (key: string) => {
    ss()?.removeItem(key)
  },
  clear: () => {
    ss()?.clear()
  },
}
