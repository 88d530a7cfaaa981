import Taro from '@tarojs/taro'

type Query = Record<string, string>

/**
 * The query the app was entered by (neutral default = the mini-program: its launch options, and
 * the query of every later show, e.g. from a shared card). H5: entry.h5.ts.
 */
export function watchEntryQuery(onQuery: (query: Query) => void) {
  try {
    onQuery((Taro.getLaunchOptionsSync().query ?? {}) as Query)
  } catch {
    /* not available */
  }
  try {
    Taro.onAppShow((res) => onQuery((res?.query ?? {}) as Query))
  } catch {
    /* not available */
  }
}

/** The address of the screen as the platform shows it; the mini-program has none (null). */
export const currentAddress = (): string | null => null
