import type { HistoryList, HistoryVisit, OperationLogBody, SaveWishlistBody, Wishlist } from '../../types'
import { createFetch, createQueryPost } from './client'

/** Wishlist, browsing history and the operation log (spec section 7; contract in types/engagement.ts). */

export const getWishList = createFetch<{ countryCode: string; userId: string }, Wishlist>('GET', '/wishlist/getWishList')

/** "must return contentId" */
export const saveWishList = createFetch<SaveWishlistBody, { contentId: string }>('POST', '/wishlist/saveWishList')

/** "query contentId, countryCode, userId; empty body" */
export const deleteWishList = createQueryPost<{ contentId: string; countryCode: string; userId: string }, unknown>('/wishlist/deleteWishList')

export const recordVisit = createFetch<Omit<HistoryVisit, 'viewedAt'> & { viewedAt?: string }, { ok: true }>('POST', '/history/record')

const historyMerge = createFetch<{ visits: HistoryVisit[] }, { merged: number }>('POST', '/history/merge')
export const mergeHistory = (visits: HistoryVisit[]) => historyMerge({ visits })

export const getHistory = createFetch<{ kind: 'product' | 'content'; from?: string; to?: string; page?: number; pageSize?: number }, HistoryList>('GET', '/history/list')

/** POST /operationLog/insert: "opReqUrl (trimmed to 100 characters)" is trimmed by the caller's rule module */
export const insertOperationLog = createFetch<OperationLogBody, { id: number }>('POST', '/operationLog/insert')
