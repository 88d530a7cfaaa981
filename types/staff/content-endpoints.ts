import type { TSchema } from 'typebox'
import { get, permitted, post, put } from '../endpoint'
import { Paged } from '../common'
import type { Permission } from './permissions'

/**
 * The entries of a kind of content staff schedule (issue 24: "flash sales, promotions and coupons, gifts and draws,
 * articles and banners: create, schedule, change, end"): the list, one item (where staff read one), create, change
 * and end, under one path and one permission. Each domain's table names them (types/marketing/staff-endpoints.ts,
 * types/flashbuy/..., types/membership/...); server/domains/staff/content-routes.ts serves them.
 */
export function contentEndpoints<
  P extends string,
  K extends string,
  Item extends TSchema,
  Query extends TSchema,
  Params extends TSchema,
  Create extends TSchema,
  Change extends TSchema,
  EndBody extends TSchema | undefined = undefined,
>(
  permission: Permission,
  path: P,
  s: {
    /** the path parameter naming one item: `${path}/:${key}` */
    key: K
    item: Item
    query: Query
    params: Params
    create: Create
    change: Change
    /** the body of an end, where the table has one (an empty object) */
    endBody?: EndBody
  },
) {
  const one = `${path}/:${s.key}` as `${P}/:${K}`
  const endTakes = { params: s.params, ...(s.endBody ? { body: s.endBody } : {}) } as {
    params: Params
  } & (EndBody extends TSchema ? { body: EndBody } : unknown)
  return permitted(permission, {
    list: get(path, Paged(s.item), { query: s.query }),
    get: get(one, s.item, { params: s.params }),
    create: post(path, s.item, { body: s.create }),
    change: put(one, s.item, { params: s.params, body: s.change }),
    end: post(`${one}/end`, s.item, endTakes),
  })
}

/** The entries under the table's names: `prefixed('coupon', e)` is { couponList, couponGet, ... couponEnd }. */
export function prefixed<N extends string, E extends Record<string, unknown>>(name: N, e: E) {
  return Object.fromEntries(Object.entries(e).map(([k, v]) => [name + k[0].toUpperCase() + k.slice(1), v])) as {
    [V in keyof E & string as `${N}${Capitalize<V>}`]: E[V]
  }
}
