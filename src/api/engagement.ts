import type { HistoryList, HistoryVisit, OperationLogBody, SaveWishlistBody, Wishlist } from '../../types'
import { api } from './client'

/** Wishlist, browsing history and the operation log (spec section 7; contract in types/engagement.ts). */

export const getWishList = (q: { countryCode: string; userId: string }) => api.get<Wishlist>('/wishlist/getWishList', q)

/** "must return contentId" */
export const saveWishList = (body: SaveWishlistBody) => api.post<{ contentId: string }>('/wishlist/saveWishList', body)

/** "query contentId, countryCode, userId; empty body" */
export const deleteWishList = (q: { contentId: string; countryCode: string; userId: string }) =>
  api.post<unknown>('/wishlist/deleteWishList', {}, q)

export const recordVisit = (v: Omit<HistoryVisit, 'viewedAt'> & { viewedAt?: string }) => api.post<{ ok: true }>('/history/record', v)

export const mergeHistory = (visits: HistoryVisit[]) => api.post<{ merged: number }>('/history/merge', { visits })

export const getHistory = (q: { kind: 'product' | 'content'; from?: string; to?: string; page?: number; pageSize?: number }) =>
  api.get<HistoryList>('/history/list', q)

/** POST /operationLog/insert: "opReqUrl (trimmed to 100 characters)" is trimmed by the caller's rule module */
export const insertOperationLog = (body: OperationLogBody) => api.post<{ id: number }>('/operationLog/insert', body)
