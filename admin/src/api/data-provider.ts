import type { DataProvider, GetListParams, RaRecord } from 'react-admin'
import { adminEndpoints } from '../../../types/staff/admin-endpoints'
import type { Endpoint } from '../../../types/endpoint'
import { pathOf, queryString, request, type AdminKey } from './client'
import type { ResourceApi } from '../resource'

/**
 * react-admin's data provider over the staff API: each resource names its entries (ResourceApi in
 * admin/src/resource.ts); lists page on the server (page, pageSize and the filters go into the query), and each
 * record gets react-admin's `id` from its own key. Sorting is the server's (the queues put the oldest first).
 */

type Row = Record<string, unknown>

const entry = (key: AdminKey) => adminEndpoints[key] as Endpoint

const withId = (api: ResourceApi, row: Row): RaRecord => ({ ...row, id: row[api.id ?? 'id'] as string | number })

function listQuery(api: ResourceApi, params: Pick<GetListParams, 'pagination' | 'filter'>): Record<string, unknown> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 }
  const query: Record<string, unknown> = {
    ...api.defaultQuery,
    page,
    pageSize: Math.min(perPage, api.maxPageSize ?? 100),
  }
  for (const [k, v] of Object.entries(params.filter ?? {})) {
    if (v === undefined || v === null || v === '') continue
    query[api.filterNames?.[k] ?? k] = v
  }
  return query
}

async function getPage(api: ResourceApi, params: Pick<GetListParams, 'pagination' | 'filter'>) {
  if (!api.list) throw new Error('this screen has no list')
  const e = entry(api.list)
  const query = listQuery(api, params)
  const answer = await request<unknown>('GET', e.path + queryString(query))
  if (Array.isArray(answer)) {
    // an endpoint that answers the whole (short) list: paged here
    const page = Number(query.page)
    const size = Number(query.pageSize)
    return {
      data: answer.slice((page - 1) * size, page * size).map((r) => withId(api, r as Row)),
      total: answer.length,
    }
  }
  const paged = answer as { items: Row[]; total: number }
  return { data: paged.items.map((r) => withId(api, r)), total: paged.total }
}

export function createDataProvider(resources: Record<string, ResourceApi>): DataProvider {
  const apiOf = (resource: string): ResourceApi => {
    const api = resources[resource]
    if (!api) throw new Error(`unknown resource ${resource}`)
    return api
  }
  const getOne = async (resource: string, id: unknown): Promise<RaRecord> => {
    const api = apiOf(resource)
    if (api.one) {
      const e = entry(api.one)
      return withId(api, await request<Row>('GET', pathOf(e.path, { [api.param ?? api.id ?? 'id']: id })))
    }
    // no detail endpoint: the record as the list shows it (its first pages)
    for (let page = 1; page <= 10; page++) {
      const { data, total } = await getPage(api, { pagination: { page, perPage: api.maxPageSize ?? 100 }, filter: {} })
      const found = data.find((r) => String(r.id) === String(id))
      if (found) return found
      if (page * (api.maxPageSize ?? 100) >= total) break
    }
    throw Object.assign(new Error('ra.notification.item_doesnt_exist'), { status: 404 })
  }
  return {
    getList: async (resource, params) => (await getPage(apiOf(resource), params)) as never,
    getOne: async (resource, params) => ({ data: (await getOne(resource, params.id)) as never }),
    getMany: async (resource, params) => ({
      data: (await Promise.all(params.ids.map((id) => getOne(resource, id)))) as never[],
    }),
    getManyReference: async (resource, params) =>
      (await getPage(apiOf(resource), {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      })) as never,
    create: async (resource, params) => {
      const api = apiOf(resource)
      if (!api.create) throw new Error(`${resource} cannot be created here`)
      const e = entry(api.create)
      return { data: withId(api, await request<Row>(e.method, e.path, params.data)) as never }
    },
    update: async (resource, params) => {
      const api = apiOf(resource)
      if (!api.update) throw new Error(`${resource} cannot be changed here`)
      const e = entry(api.update)
      const url = pathOf(e.path, { [api.param ?? api.id ?? 'id']: params.id })
      return { data: withId(api, await request<Row>(e.method, url, params.data)) as never }
    },
    updateMany: () => Promise.reject(new Error('not supported')),
    delete: () => Promise.reject(new Error('records are ended, not deleted')),
    deleteMany: () => Promise.reject(new Error('records are ended, not deleted')),
  }
}
