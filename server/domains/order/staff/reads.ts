import { sql, type Kysely, type Transaction } from 'kysely'
import type { DB } from '../../../db/schema'
import { ApiError } from '../../../errors'
import { toMajor } from '../../../../types/money'
import type { AdminOrderDetail, AdminOrderRequest, AdminOrderSummary } from '../../../../types/order/staff-endpoints'
import type { OrderRequestStatus } from '../../../../types/order/return-rules'

/**
 * What staff read of orders and of cancel / return requests (issue 24): the queue rows, an order's detail (lines,
 * addresses, requests, status history, hold) and the requests with their decisions. Reads only: the decisions
 * are in ./order-decisions.ts and ./request-decisions.ts.
 */

type Db = Kysely<DB> | Transaction<DB>

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

/** Requests still waiting for staff: a new one, or an accepted return whose goods have not come back. */
const OPEN_REQUEST: readonly OrderRequestStatus[] = ['pending', 'in_progress']

export function summaryQuery(db: Db) {
  return db
    .selectFrom('orders as o')
    .leftJoin('accounts as a', 'a.id', 'o.account_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.order_number',
      'o.sales_order_number',
      'o.account_id',
      'a.name as account_name',
      'a.account_number',
      'a.country as account_country',
      'o.po_number',
      'o.user_id',
      'u.user_name',
      'u.email',
      'o.currency',
      'o.total_amount',
      'o.taxes',
      'o.handling_charge',
      'o.created_at',
      'o.status',
      'o.held_from',
      'o.held_reason',
      'o.held_by',
      'o.held_at',
    ])
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>

export function toSummary(r: SummaryRow): AdminOrderSummary {
  return {
    orderNumber: r.order_number,
    salesOrderNumber: r.sales_order_number,
    account: {
      id: r.account_id,
      name: r.account_name ?? null,
      number: r.account_number ?? null,
      country: r.account_country ?? 'cn',
    },
    buyer: { userId: r.user_id, userName: r.user_name ?? null, email: r.email ?? null },
    currency: r.currency,
    total: toMajor(Number(r.total_amount) + Number(r.taxes) + Number(r.handling_charge)),
    placedAt: iso(r.created_at)!,
    status: r.status as AdminOrderSummary['status'],
    held: r.held_from !== null,
    hold:
      r.held_from !== null
        ? {
            from: r.held_from as AdminOrderSummary['status'],
            reason: r.held_reason ?? '',
            by: r.held_by,
            at: iso(r.held_at)!,
          }
        : null,
    poNumber: r.po_number,
  }
}

/** The order queue: by status and hold; a filtered queue oldest first (work it in order), else newest first. */
export async function orderQueue(
  db: Kysely<DB>,
  q: { status?: string; held?: boolean; accountId?: number },
  page: { pageSize: number; offset: number },
) {
  let base = db.selectFrom('orders as o')
  if (q.status) base = base.where('o.status', '=', q.status)
  if (q.held !== undefined) base = base.where('o.held_from', q.held ? 'is not' : 'is', null)
  if (q.accountId !== undefined) base = base.where('o.account_id', '=', q.accountId)
  const filtered = q.status !== undefined || q.held !== undefined
  const dir = filtered ? 'asc' : 'desc'
  let rows = summaryQuery(db)
  if (q.status) rows = rows.where('o.status', '=', q.status)
  if (q.held !== undefined) rows = rows.where('o.held_from', q.held ? 'is not' : 'is', null)
  if (q.accountId !== undefined) rows = rows.where('o.account_id', '=', q.accountId)
  const [{ total }, items] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    rows.orderBy('o.created_at', dir).orderBy('o.id', dir).limit(page.pageSize).offset(page.offset).execute(),
  ])
  return { total, items: items.map(toSummary) }
}

const requestQuery = (db: Db) =>
  db
    .selectFrom('order_requests as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('accounts as a', 'a.id', 'r.account_id')
    .selectAll('r')
    .select(['o.order_number', 'o.status as order_status', 'a.country as account_country'])

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['executeTakeFirstOrThrow']>>

async function toRequests(db: Db, rows: RequestRow[], now = Date.now()): Promise<AdminOrderRequest[]> {
  const files = rows.length
    ? await db
        .selectFrom('order_request_files')
        .select(['id', 'request_id', 'file_name', 'mime', 'size'])
        .where(
          'request_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : []
  return rows.map((r) => ({
    requestNumber: r.request_number,
    kind: r.kind,
    orderNumber: r.order_number,
    orderStatus: r.order_status as AdminOrderRequest['orderStatus'],
    accountId: r.account_id,
    country: r.account_country ?? 'cn',
    userId: r.user_id,
    category: r.category,
    subCategory: r.sub_category,
    contactName: r.contact_name,
    phone: r.phone,
    email: r.email,
    remark: r.remark,
    status: r.status,
    createdAt: iso(r.created_at)!,
    followUpBy: iso(r.follow_up_by)!,
    overdue: OPEN_REQUEST.includes(r.status) && new Date(r.follow_up_by).getTime() < now,
    files: files
      .filter((f) => f.request_id === r.id)
      .map((f) => ({ fileId: f.id, fileName: f.file_name, mime: f.mime, size: f.size })),
    decision: r.decided_at ? { by: r.decided_by, at: iso(r.decided_at)!, note: r.decision_note } : null,
    goodsReceived: r.goods_received_at
      ? { by: r.goods_received_by, at: iso(r.goods_received_at)!, note: r.goods_received_note }
      : null,
  }))
}

/** One request by its number, as staff see it (404 when there is none). */
export async function requestByNumber(db: Db, requestNumber: string): Promise<AdminOrderRequest> {
  const r = await requestQuery(db).where('r.request_number', '=', requestNumber).executeTakeFirst()
  if (!r) throw new ApiError(404, 'NOT_FOUND', `Request ${requestNumber} not found`, 'REQUEST_NOT_FOUND')
  return (await toRequests(db, [r]))[0]
}

/** The request queue: by kind and status, oldest first (the 48-hour follow-up runs from the oldest). */
export async function requestQueue(
  db: Kysely<DB>,
  q: { type?: 'cancel' | 'return'; status?: OrderRequestStatus },
  page: { pageSize: number; offset: number },
) {
  let base = db.selectFrom('order_requests as r')
  let rows = requestQuery(db)
  if (q.type) {
    base = base.where('r.kind', '=', q.type)
    rows = rows.where('r.kind', '=', q.type)
  }
  if (q.status) {
    base = base.where('r.status', '=', q.status)
    rows = rows.where('r.status', '=', q.status)
  }
  const [{ total }, items] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    rows.orderBy('r.created_at').orderBy('r.id').limit(page.pageSize).offset(page.offset).execute(),
  ])
  return { total, items: await toRequests(db, items) }
}

/** An order's detail for staff (404 when there is none). */
export async function orderDetail(db: Db, orderNumber: string): Promise<AdminOrderDetail> {
  const head = await summaryQuery(db)
    .select([
      'o.source',
      'o.order_type',
      'o.delivery_channel',
      'o.supply_center_id',
      'o.remark',
      'o.total_price_amount',
      'o.ship_to_key',
      'o.ship_to_account_number',
      'o.ship_to_snapshot',
      'o.bill_to_number',
      'o.contacts',
    ])
    .where('o.order_number', '=', orderNumber)
    .executeTakeFirst()
  if (!head) throw new ApiError(404, 'NOT_FOUND', `Order ${orderNumber} not found`, 'ORDER_NOT_FOUND')
  const [lines, shipments, requests, history, invoices] = await Promise.all([
    db.selectFrom('order_lines').selectAll().where('order_id', '=', head.id).orderBy('line_number').execute(),
    db
      .selectFrom('shipments')
      .selectAll()
      .where('order_id', '=', head.id)
      .orderBy('shipped_at')
      .orderBy('id')
      .execute(),
    requestQuery(db).where('r.order_id', '=', head.id).orderBy('r.created_at').orderBy('r.id').execute(),
    db
      .selectFrom('order_status_history')
      .selectAll()
      .where('order_id', '=', head.id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('invoices')
      .select(['invoice_number', 'kind', 'amount', 'currency', 'status', 'issue_date', 'due_date'])
      .where('sales_order_number', '=', head.sales_order_number)
      .orderBy('issue_date')
      .orderBy('id')
      .execute(),
  ])
  // the audit trail: staff decisions on the order and on its cancel / return requests
  const requestNumbers = requests.map((r) => r.request_number)
  const audit = await db
    .selectFrom('audit_log')
    .select(['at', 'staff_id', 'role', 'action', 'entity', 'entity_id', 'after'])
    .where((eb) =>
      eb.or([
        eb.and([eb('entity', '=', 'order'), eb('entity_id', '=', orderNumber)]),
        ...(requestNumbers.length
          ? [eb.and([eb('entity', '=', 'order_request'), eb('entity_id', 'in', requestNumbers)])]
          : []),
      ]),
    )
    .orderBy('at')
    .orderBy('id')
    .limit(500)
    .execute()
  return {
    ...toSummary(head),
    source: head.source as AdminOrderDetail['source'],
    orderType: head.order_type,
    deliveryChannel: head.delivery_channel,
    supplyCenterId: head.supply_center_id,
    remark: head.remark,
    amounts: {
      listTotal: toMajor(Number(head.total_price_amount)),
      goods: toMajor(Number(head.total_amount)),
      taxes: toMajor(Number(head.taxes)),
      handling: toMajor(Number(head.handling_charge)),
    },
    lines: lines.map((l) => ({
      lineNumber: l.line_number,
      catalogNumber: l.catalog_number,
      sku: l.sku,
      title: l.title_en,
      size: l.size,
      quantity: l.quantity,
      allocatedQuantity: l.allocated_qty,
      backorderedQuantity: l.backordered_qty,
      unitPrice: toMajor(Number(l.unit_price)),
      lineTotal: toMajor(Number(l.line_total)),
      deliveryChannel: l.delivery_channel,
    })),
    addresses: {
      shipTo: {
        addressKey: head.ship_to_key,
        accountNumber: head.ship_to_account_number,
        snapshot: head.ship_to_snapshot,
      },
      billToNumber: head.bill_to_number,
      contacts: head.contacts ?? null,
    },
    shipments: shipments.map((s) => ({
      carrier: s.carrier,
      expressNumber: s.express_number,
      shippedAt: iso(s.shipped_at)!,
      signedAt: iso(s.signed_at),
      packageStatus: s.package_status,
    })),
    requests: await toRequests(db, requests),
    history: history.map((h) => ({
      from: h.from_status,
      to: h.to_status,
      actor: h.actor,
      note: h.note,
      at: iso(h.at)!,
    })),
    invoices: invoices.map((i) => ({
      invoiceNumber: i.invoice_number,
      kind: i.kind,
      amount: toMajor(Number(i.amount)),
      currency: i.currency,
      status: i.status,
      issueDate: iso(i.issue_date)!,
      dueDate: iso(i.due_date)!,
    })),
    audit: audit.map((a) => ({
      at: iso(a.at)!,
      staffId: a.staff_id,
      role: a.role,
      action: a.action,
      entity: a.entity,
      entityId: a.entity_id,
      note: noteOf(a.after),
    })),
  }
}

/** The note or reason an audit entry's record carries (the decisions keep it under one of these names). */
function noteOf(after: unknown): string | null {
  const rec = (typeof after === 'string' ? safeJson(after) : after) as Record<string, unknown> | null
  if (!rec || typeof rec !== 'object') return null
  for (const k of ['note', 'reason', 'decisionNote', 'decision_note', 'heldReason', 'held_reason', 'goodsReceivedNote'])
    if (typeof rec[k] === 'string' && rec[k]) return rec[k] as string
  return null
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s)
  } catch {
    return null
  }
}
