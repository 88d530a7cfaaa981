/**
 * Session storage: data that lives as long as the app session (spec section 3: phone country
 * codes and encrypted address contacts). A mini-program has no sessionStorage, so this neutral
 * default keeps the values in memory for the life of the app process. The H5 build uses
 * session-storage.h5.ts (window.sessionStorage).
 */
const mem = new Map<string, string>()

export const sessionStore = {
  get: (key: string): string | null => mem.get(key) ?? null,
  set: (key: string, value: string) => {
    mem.set(key, value)
  },
  remove: (key: string) => {
    mem.delete(key)
  },
  clear: () => {
    mem.clear()
  },
}
