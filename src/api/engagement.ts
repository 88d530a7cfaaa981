import type { EngagementEndpoints, HistoryVisit } from '../../types'
import { createFetch, createQueryPost } from './client'

/** Wishlist, browsing history and the operation log (spec section 7; contract in types/engagement.ts). */

export const getWishList = createFetch<EngagementEndpoints['wishList']>('GET', '/wishlist/getWishList')

/** "must return contentId" */
export const saveWishList = createFetch<EngagementEndpoints['saveWishList']>('POST', '/wishlist/saveWishList')

/** "query contentId, countryCode, userId; empty body" */
export const deleteWishList = createQueryPost<EngagementEndpoints['deleteWishList']>('/wishlist/deleteWishList')

export const recordVisit = createFetch<EngagementEndpoints['recordVisit']>('POST', '/history/record')

const historyMerge = createFetch<EngagementEndpoints['mergeHistory']>('POST', '/history/merge')
export const mergeHistory = (visits: HistoryVisit[]) => historyMerge({ visits })

export const getHistory = createFetch<EngagementEndpoints['historyList']>('GET', '/history/list')

/** POST /operationLog/insert: "opReqUrl (trimmed to 100 characters)" is trimmed by the caller's rule module */
export const insertOperationLog = createFetch<EngagementEndpoints['insertOperationLog']>('POST', '/operationLog/insert')
