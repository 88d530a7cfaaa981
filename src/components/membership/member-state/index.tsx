import type { MessageKey } from '../../../i18n'
import { useT } from '../../../store/locale'
import { useLoadState, type LoadingStore, type LoadStateOptions } from '../../state-panel/load-state'

/** the words of the states of the two families of membership screens */
const MESSAGES: Record<'play' | 'gifts', { retry: MessageKey; loading: MessageKey; failed: MessageKey | null }> = {
  // the play screens (lucky draw, gift bag, earn points, referral, interaction history): the store's
  // error in the body, else "could not load"
  play: { retry: 'play.retry', loading: 'play.loading', failed: 'play.loadFailed' },
  // the gift centre and the point detail: the store's error as the error line
  gifts: { retry: 'gifts.retry', loading: 'gifts.loading', failed: null },
}

/**
 * The load and the states of a membership screen (components/state-panel/load-state.tsx) in its family's words: what
 * failed with a Retry, the spinner, `empty`; null once there is something (`has`) to show.
 */
export function useMemberState(
  store: LoadingStore,
  family: keyof typeof MESSAGES,
  block: string,
  has: boolean,
  empty?: LoadStateOptions['empty'],
) {
  const t = useT()
  const { retry, loading, failed } = MESSAGES[family]
  return useLoadState(store, {
    block,
    has,
    failed: (error) => (failed ? { body: error ?? t(failed) } : { error }),
    retry: t(retry),
    loading: t(loading),
    empty,
  })
}
