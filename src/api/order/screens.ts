import type {
  ConfirmActionBody,
  OrderEndpoints,
  OrderExportTicket,
  OrderExportTicketBody,
  EnquiryCommentBody,
} from '../../../types'
import type { OrderRequestFields } from '../../../types/order/request-schemas'
import type { AnswerOf } from '../../../types/endpoint'
import { apiRequest, createFetch, pathOf } from '../client'
import { utf8Encode } from '../bytes'

/**
 * The order calls of the order subpackage's own screens (issue 12: history, requests and enquiries,
 * confirmation links, export, cancel and return requests), apart from ../order.ts so that the pages
 * and components of the first load (cart, the lead drawer) do not carry them.
 */

/** GET /order/list: the order history, the last 3 months (spec §9), filtered by status, searched by order or PO number, paged by cursor */
export const getOrderList = createFetch<OrderEndpoints['orderList']>('GET', '/order/list')

// ---- requests and enquiries, confirmation links (issue 12; contract in types/order/enquiries.ts)

/** GET /request/list: the caller's leads and quote requests, newest first */
export const getEnquiryList = createFetch<OrderEndpoints['enquiryList']>('GET', '/request/list')

/** GET /request/detail/{requestId}: one own request with its interaction history (another's: 404 "does not exist") */
const enquiryDetail = createFetch<OrderEndpoints['enquiryDetail']>('GET', '/request/detail/:requestId')
export const getEnquiryDetail = (requestId: string) => enquiryDetail({ requestId })

/** POST /request/{requestId}/comment: a customer comment (409 limit reached, 403 no permission) */
const enquiryComment = createFetch<OrderEndpoints['enquiryComment']>('POST', '/request/:requestId/comment')
export const addEnquiryComment = (requestId: string, body: EnquiryCommentBody) => enquiryComment({ requestId }, body)

/** GET /order/confirm/{token}: the link's state (no login: the token is the key) */
const confirmation = createFetch<OrderEndpoints['confirmation']>('GET', '/order/confirm/:token')
export const getConfirmation = (token: string) => confirmation({ token })

/** POST /order/confirm/{token} {action}: confirm or cancel the order */
const confirmationAnswer = createFetch<OrderEndpoints['answerConfirmation']>('POST', '/order/confirm/:token')
export const answerConfirmation = (token: string, body: ConfirmActionBody) => confirmationAnswer({ token }, body)
/**
 * Order export (spec §5/§9, at most one year): POST /order/export/ticket → a one-time address of the
 * file, valid 60 s (downloaders cannot send the Authorization header); the address is absolute here.
 */
const exportTicket = createFetch<OrderEndpoints['exportTicket']>('POST', '/order/export/ticket')
export const createOrderExportTicket = async (body: OrderExportTicketBody): Promise<OrderExportTicket> => {
  const t = await exportTicket(body)
  return { ...t, url: `${API_BASE_URL}${t.url}` }
}

/** POST /order/export/email: the file mailed to the user's own address (and one more, if given) */
export const emailOrderExport = createFetch<OrderEndpoints['exportEmail']>('POST', '/order/export/email')
// ---- after the order (issue 12): cancel-order request, return or after-sales form with files

/** POST /order/{orderNumber}/cancel (JSON) → the request (its number, the 48 h follow-up) */
const cancelRequest = createFetch<OrderEndpoints['requestCancel']>('POST', '/order/:orderNumber/cancel')
export const requestCancel = (orderNumber: string, fields: OrderRequestFields) => cancelRequest({ orderNumber }, fields)

/**
 * POST /order/{orderNumber}/return as multipart/form-data: the fields and up to 2 parts `files`,
 * in one request (the request and its files are stored together or not at all).
 */
export function requestReturn(
  orderNumber: string,
  fields: OrderRequestFields,
  files: { name: string; mime: string; bytes: Uint8Array }[],
) {
  const boundary = `----labstore${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`
  const { body, contentType } = buildMultipart(
    { ...fields },
    files.map((f) => ({ field: 'files', ...f })),
    boundary,
  )
  const path = pathOf<OrderEndpoints['requestReturn']['path']>('/order/:orderNumber/return', { orderNumber })
  return apiRequest<AnswerOf<OrderEndpoints['requestReturn']>>({
    method: 'POST',
    path,
    body,
    headers: { 'content-type': contentType },
    timeoutMs: 60000,
  })
}

/** GET /order/{orderNumber}/requests: the cancel and return requests of one order */
const orderRequests = createFetch<OrderEndpoints['orderRequests']>('GET', '/order/:orderNumber/requests')
export const getOrderRequests = (orderNumber: string) => orderRequests({ orderNumber })

/**
 * A multipart/form-data body built by hand, as bytes: the same on H5 (fetch) and in the
 * mini-program (wx.request accepts an ArrayBuffer), so one request carries the fields and both
 * files (wx.uploadFile sends one file per call). No TextEncoder/FormData: a mini-program has neither.
 */
export function buildMultipart(
  fields: Record<string, string | undefined>,
  files: { field: string; name: string; mime: string; bytes: Uint8Array }[],
  boundary: string,
) {
  // quotes and line breaks of a name cannot break out of its header
  const safe = (v: string) => v.replace(/[\r\n"]/g, '_')
  const parts: Uint8Array[] = []
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined)
      parts.push(
        utf8Encode(`--${boundary}\r\nContent-Disposition: form-data; name="${safe(name)}"\r\n\r\n${value}\r\n`),
      )
  }
  for (const f of files) {
    parts.push(
      utf8Encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${safe(f.field)}"; filename="${safe(f.name)}"\r\nContent-Type: ${f.mime}\r\n\r\n`,
      ),
      f.bytes,
      utf8Encode('\r\n'),
    )
  }
  parts.push(utf8Encode(`--${boundary}--\r\n`))
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    body.set(p, at)
    at += p.length
  }
  return { body: body.buffer, contentType: `multipart/form-data; boundary=${boundary}` }
}
