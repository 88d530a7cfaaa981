import { Type, type Static, type TProperties, type TSchema } from 'typebox'

/** A union of string literals from a list of them (the list stays at hand for run-time checks). */
export const Literals = <T extends string>(xs: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(xs.map((x) => Type.Literal(x))))

export const CountryCodeSchema = Literals(['cn', 'in'])
export type CountryCode = Static<typeof CountryCodeSchema>

/** Header `languagecode`: 'cn' (Chinese) or 'en'; 'zh' is accepted as an alias of 'cn'. */
export const LanguageCodeSchema = Literals(['cn', 'en', 'zh'])
export type LanguageCode = Static<typeof LanguageCodeSchema>

export const CurrencySchema = Literals(['CNY', 'INR'])
export type Currency = Static<typeof CurrencySchema>

/**
 * Request headers the app sends (spec §7). Header names are lower case.
 * `username` / `userid` only when logged in. Unknown values of countrycode/languagecode → 400.
 */
export const RequestHeadersSchema = Type.Object({
  authorization: Type.Optional(Type.String()),
  source: Type.Optional(Type.String({ maxLength: 32 })),
  countrycode: Type.Optional(CountryCodeSchema),
  languagecode: Type.Optional(LanguageCodeSchema),
  username: Type.Optional(Type.String({ maxLength: 128 })),
  userid: Type.Optional(Type.String({ maxLength: 128 })),
})
export type RequestHeaders = Static<typeof RequestHeadersSchema>

/** A schema that also accepts null (address fields, nullable dates). */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

/** What a client sends (a body, a query, path parameters): an unknown property is refused with 400. */
export const Closed = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false })

/** The paging parameters of a list's query: the page (1-based) and its size, both optional. */
export const pageQueryFields = (maxPage = 1000, maxPageSize = 50) => ({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: maxPage })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: maxPageSize })),
})

/** What a page of a list says of the whole list: how many in all, which page, how many a page. */
export const PageTotals = { total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() }

/** A page of a list: `{ items, total, page, pageSize }`. */
export const Paged = <T extends TSchema>(item: T) => Type.Object({ items: Type.Array(item), ...PageTotals })

/** A link into the app: a route name of types/routes.ts and its params, never a raw URL. */
export const AppLinkSchema = Type.Object({ route: Type.String(), params: Type.Record(Type.String(), Type.String()) })
