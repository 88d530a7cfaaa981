import { Type, type Static } from 'typebox'
import { AppLinkSchema, Closed, CountryCodeSchema, Literals, Paged, pageQueryFields } from './common'
import { get, post } from './endpoint'

/** Wishlist (spec sections 3, 4, 7). The token decides the user; userId in the call must match it. */
/**
 * What each content type refers to (contentId): Products → a catalogue number; Promotions → a promotion id;
 * Knowledge Hub / Application → a content item of that contentType; Workflow → a workflow item;
 * VM Workflow → a workflow item whose articleType is 'virtual-workflow' (the video / virtual variant).
 */
export const WishlistContentTypeSchema = Literals([
  'Products',
  'Workflow',
  'VM Workflow',
  'Knowledge Hub',
  'Promotions',
  'Application',
])
export type WishlistContentType = Static<typeof WishlistContentTypeSchema>
export const WishlistTypeSchema = Literals(['product', 'content'])

/** GET /api/wishlist/getWishList?countryCode=&userId= */
export const WishlistQuerySchema = Closed({ countryCode: CountryCodeSchema, userId: Type.String({ maxLength: 64 }) })
export const WishlistEntrySchema = Type.Object({
  contentId: Type.String(),
  contentType: WishlistContentTypeSchema,
  wishlistType: WishlistTypeSchema,
  countryCode: CountryCodeSchema,
  /** display data resolved by the server (product title / article title), image path, and the app route to open */
  title: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  link: AppLinkSchema,
  createdAt: Type.String(),
})
export type WishlistEntry = Static<typeof WishlistEntrySchema>
export const WishlistSchema = Type.Object({ wishList: Type.Array(WishlistEntrySchema) })
export type Wishlist = Static<typeof WishlistSchema>

/** POST /api/wishlist/saveWishList → data { contentId } (the add counts only when contentId comes back) */
export const SaveWishlistBodySchema = Closed({
  contentId: Type.String({ minLength: 1, maxLength: 64 }),
  contentType: WishlistContentTypeSchema,
  countryCode: CountryCodeSchema,
  userId: Type.String({ maxLength: 64 }),
  wishlistType: WishlistTypeSchema,
})
export type SaveWishlistBody = Static<typeof SaveWishlistBodySchema>
export const SaveWishlistResultSchema = Type.Object({ contentId: Type.String() })
export type SaveWishlistResult = Static<typeof SaveWishlistResultSchema>

/** POST /api/wishlist/deleteWishList?contentId=&countryCode=&userId= with an empty body */
export const DeleteWishlistQuerySchema = Closed({
  contentId: Type.String({ minLength: 1, maxLength: 64 }),
  countryCode: CountryCodeSchema,
  userId: Type.String({ maxLength: 64 }),
})
/** → data: the id and how many entries were removed (0 when it was not in the list) */
export const DeleteWishlistResultSchema = Type.Object({ contentId: Type.String(), deleted: Type.Integer() })
export type DeleteWishlistResult = Static<typeof DeleteWishlistResultSchema>

/** Browsing history, kept per user on the server (anonymous history is local until login, then merged). */
/** product: id = catalogue number; content: id = a content item id or a promotion id */
export const HistoryKindSchema = Literals(['product', 'content'])
export const HistoryVisitSchema = Closed({
  kind: HistoryKindSchema,
  id: Type.String({ minLength: 1, maxLength: 64 }),
  viewedAt: Type.String({ format: 'date-time' }),
})
export type HistoryVisit = Static<typeof HistoryVisitSchema>
/** POST /api/history/record  body HistoryVisit (viewedAt optional: server time) */
export const HistoryRecordBodySchema = Closed({
  kind: HistoryKindSchema,
  id: Type.String({ minLength: 1, maxLength: 64 }),
  viewedAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** optional; when given it must be the token's user (else 403) */
  userId: Type.Optional(Type.String({ maxLength: 64 })),
})
export type HistoryRecordBody = Static<typeof HistoryRecordBodySchema>
export const HistoryRecordResultSchema = Type.Object({ ok: Type.Literal(true) })
export type HistoryRecordResult = Static<typeof HistoryRecordResultSchema>
/** POST /api/history/merge   body { visits: HistoryVisit[] (max 200) } */
export const HistoryMergeBodySchema = Closed({
  visits: Type.Array(HistoryVisitSchema, { maxItems: 200 }),
  userId: Type.Optional(Type.String({ maxLength: 64 })),
})
/** → data: visits kept (their product or content exists) and skipped */
export const HistoryMergeResultSchema = Type.Object({ merged: Type.Integer(), skipped: Type.Integer() })
export type HistoryMergeResult = Static<typeof HistoryMergeResultSchema>
/** GET /api/history/list?kind=product|content&from=YYYY-MM-DD&to=YYYY-MM-DD&page=&pageSize= */
export const HistoryListQuerySchema = Closed({
  kind: HistoryKindSchema,
  from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  ...pageQueryFields(),
  /** optional; when given it must be the token's user (else 403) */
  userId: Type.Optional(Type.String({ maxLength: 64 })),
})
export const HistoryItemSchema = Type.Object({
  kind: HistoryKindSchema,
  id: Type.String(),
  title: Type.String(),
  subtitle: Type.String(),
  image: Type.Union([Type.String(), Type.Null()]),
  link: AppLinkSchema,
  viewedAt: Type.String(),
})
export type HistoryItem = Static<typeof HistoryItemSchema>
export const HistoryListSchema = Paged(HistoryItemSchema)
export type HistoryList = Static<typeof HistoryListSchema>

/** POST /api/operationLog/insert (also /api/mkt/operationLog/insert); token optional: when present, opUser must be its user */
export const OperationLogBodySchema = Closed({
  opUser: Type.String({ maxLength: 128 }),
  opSource: Type.String({ maxLength: 32 }),
  opTarget: Type.Literal('product'),
  opTargetId: Type.String({ maxLength: 64 }),
  opContent: Type.Literal('click_request_quote'),
  /** spec: "opReqUrl (trimmed to 100 characters)" */
  opReqUrl: Type.String({ maxLength: 100 }),
})
export type OperationLogBody = Static<typeof OperationLogBodySchema>
export const OperationLogResultSchema = Type.Object({ id: Type.Integer() })
export type OperationLogResult = Static<typeof OperationLogResultSchema>

/** The engagement endpoints (types/endpoint.ts): wishlist, browsing history, the operation log (also under /mkt). */
export const engagementEndpoints = {
  wishList: get('/wishlist/getWishList', WishlistSchema, { query: WishlistQuerySchema }),
  saveWishList: post('/wishlist/saveWishList', SaveWishlistResultSchema, { body: SaveWishlistBodySchema }),
  /** "query contentId, countryCode, userId; empty body" */
  deleteWishList: post('/wishlist/deleteWishList', DeleteWishlistResultSchema, { query: DeleteWishlistQuerySchema }),
  recordVisit: post('/history/record', HistoryRecordResultSchema, { body: HistoryRecordBodySchema }),
  mergeHistory: post('/history/merge', HistoryMergeResultSchema, { body: HistoryMergeBodySchema }),
  historyList: get('/history/list', HistoryListSchema, { query: HistoryListQuerySchema }),
  insertOperationLog: post('/operationLog/insert', OperationLogResultSchema, { body: OperationLogBodySchema }),
  insertMktOperationLog: post('/mkt/operationLog/insert', OperationLogResultSchema, { body: OperationLogBodySchema }),
}
export type EngagementEndpoints = typeof engagementEndpoints
