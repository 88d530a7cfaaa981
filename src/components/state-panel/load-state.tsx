import { useEffect, type ReactNode } from 'react'
import { useDidShow } from '@tarojs/taro'
import StatePanel, { LoadingPanel, type StatePanelProps } from './index'

/** the store of a screen's data (a zustand store): where its load stands, and the load itself */
export interface LoadingStore {
  (): { status: string; error?: string | null }
  getState(): { status: string; load(): unknown }
}

/** a state panel of the screen (its block is the screen's) */
type PanelProps = Omit<StatePanelProps, 'block'>

export interface LoadStateOptions {
  /** the state box's class (e.g. 'gb-state'): the block of its panels */
  block: string
  /** there is something to show: no state panel then */
  has: boolean
  /** what failed (from the store's error), above a Retry that loads again */
  failed: (error: string | null | undefined) => PanelProps
  /** the Retry's label */
  retry: string
  /** the spinner's message */
  loading: string
  /** what a loaded screen with nothing to show says; without it, the spinner stays until there is something */
  empty?: PanelProps
}

/**
 * A screen that shows what its store loads: the load when the screen mounts, and again when the page
 * shows once more after it has loaded (back from another page, what it shows may have changed there).
 * Returns the state to show while there is nothing to show (what failed with a Retry, the spinner, or
 * `empty`), or null once there is.
 */
export function useLoadState(
  store: LoadingStore,
  { block, has, failed, retry, loading, empty }: LoadStateOptions,
): ReactNode {
  const { status, error } = store()
  useEffect(() => {
    void store.getState().load()
  }, [store])
  useDidShow(() => {
    if (store.getState().status === 'ready') void store.getState().load()
  })
  if (has) return null
  if (status === 'failed')
    return (
      <StatePanel block={block} {...failed(error)} action={{ label: retry, onTap: () => store.getState().load() }} />
    )
  if (status !== 'ready' || !empty) return <LoadingPanel className={block} message={loading} />
  return <StatePanel block={block} {...empty} />
}
