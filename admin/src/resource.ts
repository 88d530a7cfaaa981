import type { ComponentType, ReactElement } from 'react'
import type { Permission } from '../../types/staff/permissions'
import type { AdminKey } from './api/client'

/** Where an entry sits in the console's menu (the screens). */
export const SECTIONS = [
  'today',
  'queues',
  'orders',
  'accounts',
  'catalogue',
  'marketing',
  'integration',
  'admin',
] as const
export type Section = (typeof SECTIONS)[number]

/**
 * How a react-admin resource reads and writes the staff API (admin/src/api/data-provider.ts): the entries of
 * types/staff/admin-endpoints.ts it calls. `id` names the record's key (copied into react-admin's `id`), `param`
 * the path parameter that carries it.
 */
export interface ResourceApi {
  /** GET of a page ({ items, total, page, pageSize }) or of an array (paged here) */
  list?: AdminKey
  /** GET of one record; without it, a record is found in the list (queues show their detail in the row) */
  one?: AdminKey
  create?: AdminKey
  update?: AdminKey
  /** the record's key: 'id' unless named (orderNo, code, number, requestId, clientId, ...) */
  id?: string
  /** the path parameter of `one` and `update` (default: the same as `id`) */
  param?: string
  /** react-admin filter names → the list query's names, where they differ */
  filterNames?: Record<string, string>
  /** fixed query values of the list (e.g. a queue's default status) */
  defaultQuery?: Record<string, unknown>
  /** the largest page the endpoint gives (pageSize maximum) */
  maxPageSize?: number
}

/** One screen of the console: a react-admin resource, its permission (menu and routes), its menu place. */
export interface ResourceDef {
  /** the react-admin resource name, also its address under /admin (e.g. 'ship-tos') */
  name: string
  section: Section
  /** the permission that shows it in the menu and opens it (the server checks the same one) */
  permission: Permission
  api: ResourceApi
  icon?: ComponentType
  list?: ComponentType | ReactElement
  show?: ComponentType | ReactElement
  edit?: ComponentType | ReactElement
  create?: ComponentType | ReactElement
  /** left out of the menu (reached from another screen) */
  hidden?: boolean
}
