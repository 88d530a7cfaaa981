import type { Static, TSchema } from 'typebox'
import type { Permission } from './staff/permissions'
import type { ErpScope } from './platform/erp-scopes'

/**
 * The unit of the API contract: one endpoint of /api, its method, its path (Fastify style, `:name` for a path
 * parameter, without the /api prefix) and the schemas of what it takes and answers. Each domain lists its endpoints
 * in one table (types/<domain>/endpoints.ts; types/auth.ts and types/engagement.ts hold theirs at the end). The
 * server registers every route from its entry (server/lib/openapi.ts `routeOf`) and every call of the app takes its
 * types from it (src/api/client.ts `createFetch`), so a call and its route cannot disagree without a compile error.
 *
 * The app imports the tables as types only (`import type`): TypeBox schemas stay out of its bundle.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A 200 answer that is a file (the body is the file's bytes, not the envelope). */
export interface FileAnswer {
  description: string
  contentTypes: string[]
}

/** What an endpoint takes and how it answers: `answer` is the envelope's `data`; or a redirect (302) or a file. */
export type EndpointSchemas = { params?: TSchema; query?: TSchema; body?: TSchema } & (
  { answer: TSchema } | { /** where the Location header sends the browser */ redirect: string } | { file: FileAnswer }
)

export type Endpoint<
  M extends Method = Method,
  P extends string = string,
  S extends EndpointSchemas = EndpointSchemas,
> = S & {
  method: M
  path: P
  /**
   * A staff route's permission (types/staff/permissions.ts): the server serves the entry behind the staff guard
   * for it; every path under /admin/ has one (server/lib/endpoint-route.ts refuses to register it otherwise).
   */
  permission?: Permission
  /**
   * An inbound ERP route's scope (types/platform/erp-scopes.ts): served behind the integration client's access
   * token with that scope; every path under /erp/ has one.
   */
  scope?: ErpScope
  /** the operation's one-line summary in the OpenAPI document (else server/lib/openapi-operations.ts has it) */
  summary?: string
}

/** One entry of a table: keeps the method and the path as literal types (a call must name the same ones). */
export function endpoint<M extends Method, P extends string, S extends EndpointSchemas>(
  method: M,
  path: P,
  schemas: S,
): Endpoint<M, P, S> {
  return { ...schemas, method, path }
}

/** What an entry takes besides its answer: path parameters, a query, a JSON body (each left out when none). */
export interface Takes {
  params?: TSchema
  query?: TSchema
  body?: TSchema
}

/** `endpoint(method, path, { ...takes, answer })`, written `get(path, answer, takes)` in the tables. */
const answering =
  <M extends Method>(method: M) =>
  <P extends string, A extends TSchema, T extends Takes = Record<never, never>>(
    path: P,
    answer: A,
    takes?: T,
  ): Endpoint<M, P, T & { answer: A }> =>
    endpoint(method, path, { ...takes, answer } as T & { answer: A })

/**
 * The usual entries, those that answer with the envelope: `get('/cart/query', CartSchema, { query: CartQuerySchema })`
 * answers a CartSchema and takes a CartQuerySchema query; the types are those `endpoint` gives. A redirect or a file
 * is written with `endpoint` itself.
 */
export const get = answering('GET')
export const post = answering('POST')
export const put = answering('PUT')
export const del = answering('DELETE')

/** A staff entry (under /admin/): the entry with the permission its route needs (types/staff/permissions.ts). */
export const withPermission = <E extends Endpoint>(
  permission: Permission,
  e: E,
  summary?: string,
): E & { permission: Permission } => ({ ...e, permission, ...(summary ? { summary } : {}) })

/** Staff entries that all need one permission: `withPermission(permission, e)` for each, in the table's order. */
export const permitted = <T extends Record<string, Endpoint>>(
  permission: Permission,
  entries: T,
): { [K in keyof T]: T[K] & { permission: Permission } } =>
  Object.fromEntries(Object.entries(entries).map(([k, e]) => [k, withPermission(permission, e)])) as {
    [K in keyof T]: T[K] & { permission: Permission }
  }

type Of<E, K extends string> = E extends { [Key in K]: infer S extends TSchema } ? Static<S> : void

/** The path parameters, the query and the JSON body of an endpoint (`void` where it has none). */
export type ParamsOf<E> = Of<E, 'params'>
export type QueryOf<E> = Of<E, 'query'>
export type BodyOf<E> = Of<E, 'body'>

/** What a caller sends besides the path parameters: the JSON body, else the query (`void` when neither). */
export type RequestOf<E> = E extends { body: TSchema } ? BodyOf<E> : QueryOf<E>

/** The `data` of the success envelope (`never` for a redirect or a file: they are not fetched as JSON). */
export type AnswerOf<E> = E extends { answer: infer S extends TSchema } ? Static<S> : never

/** `/membership/gifts/:id` -> 'id' */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
