import { endpoint, get, post } from '../endpoint'
import {
  LeadCartParamsSchema,
  LeadCartSchema,
  LeadItemBodySchema,
  LeadItemResultSchema,
  LeadSubmitBodySchema,
  LeadSubmitResultSchema,
  OrderDetailSchema,
  OrderNumberParamsSchema,
  PendingLtoSchema,
  PlaceOrderBodySchema,
  PlaceOrderResultSchema,
  QuoteIdParamsSchema,
  SQuoteDetailSchema,
  SQuoteListSchema,
} from './schemas'
import { OrderListQuerySchema, OrderListResultSchema } from './history'
import {
  ConfirmActionBodySchema,
  ConfirmationSchema,
  ConfirmTokenParamsSchema,
  InteractionSchema,
  EnquiryCommentBodySchema,
  EnquiryDetailSchema,
  EnquiryIdParamsSchema,
  EnquiryListSchema,
  EnquiryFileParamsSchema,
} from './enquiries'
import {
  OrderExportEmailBodySchema,
  OrderExportEmailResultSchema,
  OrderExportFileQuerySchema,
  OrderExportQuerySchema,
  OrderExportTicketBodySchema,
  OrderExportTicketSchema,
} from './export'
import {
  OrderRequestFieldsSchema,
  OrderRequestListSchema,
  OrderRequestSchema,
  RequestFileParamsSchema,
  ReturnFormBodySchema,
} from './request-schemas'

const EXPORT_FILE = {
  description: 'The export file (attachment; filename orders-<from>-<to>.xlsx or .csv): one row per order line',
  contentTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
}

/**
 * The order endpoints (spec section 7): placement, orders and their history, S-quotes, leads, requests and
 * enquiries, confirmation links (made by staff: ./staff-endpoints.ts), export, cancel and return requests.
 */
export const orderEndpoints = {
  /** with the header Idempotency-Key */
  placeOrder: post('/order/placeOrder', PlaceOrderResultSchema, { body: PlaceOrderBodySchema }),
  orderList: get('/order/list', OrderListResultSchema, { query: OrderListQuerySchema }),
  orderDetail: get('/order/detail/:orderNumber', OrderDetailSchema, { params: OrderNumberParamsSchema }),
  pendingLto: get('/order/pendingLto/:orderNumber', PendingLtoSchema, { params: OrderNumberParamsSchema }),
  quoteList: get('/quote/list', SQuoteListSchema),
  quoteDetail: get('/quote/detail/:staticQuoteId', SQuoteDetailSchema, { params: QuoteIdParamsSchema }),
  saveLeadItem: post('/save/leadItem', LeadItemResultSchema, { body: LeadItemBodySchema }),
  leadCart: get('/lead/cart/:leadCartId', LeadCartSchema, { params: LeadCartParamsSchema }),
  submitLead: post('/lead/submit', LeadSubmitResultSchema, { body: LeadSubmitBodySchema }),
  enquiryList: get('/request/list', EnquiryListSchema),
  enquiryDetail: get('/request/detail/:requestId', EnquiryDetailSchema, { params: EnquiryIdParamsSchema }),
  enquiryComment: post('/request/:requestId/comment', InteractionSchema, {
    params: EnquiryIdParamsSchema,
    body: EnquiryCommentBodySchema,
  }),
  /** a file of a staff reply to one of the caller's requests (issue 24) */
  enquiryFile: endpoint('GET', '/request/file/:fileId', {
    params: EnquiryFileParamsSchema,
    file: { description: 'The stored file', contentTypes: ['image/jpeg', 'image/png', 'application/pdf'] },
  }),
  /** no login: the token is the key */
  confirmation: get('/order/confirm/:token', ConfirmationSchema, { params: ConfirmTokenParamsSchema }),
  answerConfirmation: post('/order/confirm/:token', ConfirmationSchema, {
    params: ConfirmTokenParamsSchema,
    body: ConfirmActionBodySchema,
  }),
  /** the file, for a caller with the Authorization header */
  exportFile: endpoint('GET', '/order/export', { query: OrderExportQuerySchema, file: EXPORT_FILE }),
  /** a one-time address of the file, valid 60 s (downloaders cannot send the Authorization header) */
  exportTicket: post('/order/export/ticket', OrderExportTicketSchema, { body: OrderExportTicketBodySchema }),
  exportTicketFile: endpoint('GET', '/order/export/file', { query: OrderExportFileQuerySchema, file: EXPORT_FILE }),
  exportEmail: post('/order/export/email', OrderExportEmailResultSchema, { body: OrderExportEmailBodySchema }),
  requestCancel: post('/order/:orderNumber/cancel', OrderRequestSchema, {
    params: OrderNumberParamsSchema,
    body: OrderRequestFieldsSchema,
  }),
  /** multipart/form-data: the fields and up to 2 parts `files` */
  requestReturn: post('/order/:orderNumber/return', OrderRequestSchema, {
    params: OrderNumberParamsSchema,
    body: ReturnFormBodySchema,
  }),
  orderRequests: get('/order/:orderNumber/requests', OrderRequestListSchema, { params: OrderNumberParamsSchema }),
  requestFile: endpoint('GET', '/order/request-file/:fileId', {
    params: RequestFileParamsSchema,
    file: { description: 'The stored file', contentTypes: ['image/jpeg', 'image/png', 'application/pdf'] },
  }),
}
export type OrderEndpoints = typeof orderEndpoints
