import { useEffect } from 'react'
import { useRouter } from '@tarojs/taro'
import { useT } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import type { LoadedOne } from '../../../store/load-state'
import { pageParam } from '../../../rules/page-params'
import { detailViewOf } from '../../detail-page'

/** a store that keeps one detail with its id (the S-quotes, the enquiries) */
interface DetailStore<D extends LoadedOne<unknown>> {
  <U>(selector: (s: { detail: D }) => U): U
  getState(): { loadDetail(id: string): unknown }
}

/**
 * The detail an order page's address names (its parameter `param`), loaded for the signed-in user (again
 * for another user): the store's detail, its view for DetailStates (components/detail-page), and the
 * panel of a failed load (what failed, Retry).
 */
export function useParamDetail<D extends LoadedOne<unknown>>(store: DetailStore<D>, param: string) {
  const t = useT()
  const { params } = useRouter()
  const id = pageParam(params, param)
  const userId = useSession((s) => s.userInfo?.userProfile.userId)
  const detail = store((s) => s.detail)
  useEffect(() => {
    if (userId && id) store.getState().loadDetail(id)
  }, [userId, id, store])
  const failed = {
    text: detail.error,
    action: { label: t('order.retry'), onTap: () => store.getState().loadDetail(id) },
  }
  return { detail, view: detailViewOf(id, detail), failed }
}
