import { endpoint } from '../endpoint'
import {
  LeadCartParamsSchema,
  LeadCartSchema,
  LeadItemBodySchema,
  LeadItemResultSchema,
  LeadSubmitBodySchema,
  LeadSubmitResultSchema,
  OpsAdvanceResultSchema,
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
  OpsConfirmationBodySchema,
  OpsConfirmationResultSchema,
  EnquiryCommentBodySchema,
  EnquiryDetailSchema,
  EnquiryIdParamsSchema,
  EnquiryListSchema,
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
 * enquiries, confirmation links, export, cancel and return requests; and the operator endpoints (x-ops-token).
 */
export const orderEndpoints = {
  /** with the header Idempotency-Key */
  placeOrder: endpoint('POST', '/order/placeOrder', { body: PlaceOrderBodySchema, answer: PlaceOrderResultSchema }),
  orderList: endpoint('GET', '/order/list', { query: OrderListQuerySchema, answer: OrderListResultSchema }),
  orderDetail: endpoint('GET', '/order/detail/:orderNumber', {
    params: OrderNumberParamsSchema,
    answer: OrderDetailSchema,
  }),
  pendingLto: endpoint('GET', '/order/pendingLto/:orderNumber', {
    params: OrderNumberParamsSchema,
    answer: PendingLtoSchema,
  }),
  quoteList: endpoint('GET', '/quote/list', { answer: SQuoteListSchema }),
  quoteDetail: endpoint('GET', '/quote/detail/:staticQuoteId', {
    params: QuoteIdParamsSchema,
    answer: SQuoteDetailSchema,
  }),
  saveLeadItem: endpoint('POST', '/save/leadItem', { body: LeadItemBodySchema, answer: LeadItemResultSchema }),
  leadCart: endpoint('GET', '/lead/cart/:leadCartId', { params: LeadCartParamsSchema, answer: LeadCartSchema }),
  submitLead: endpoint('POST', '/lead/submit', { body: LeadSubmitBodySchema, answer: LeadSubmitResultSchema }),
  enquiryList: endpoint('GET', '/request/list', { answer: EnquiryListSchema }),
  enquiryDetail: endpoint('GET', '/request/detail/:requestId', {
    params: EnquiryIdParamsSchema,
    answer: EnquiryDetailSchema,
  }),
  enquiryComment: endpoint('POST', '/request/:requestId/comment', {
    params: EnquiryIdParamsSchema,
    body: EnquiryCommentBodySchema,
    answer: InteractionSchema,
  }),
  /** no login: the token is the key */
  confirmation: endpoint('GET', '/order/confirm/:token', {
    params: ConfirmTokenParamsSchema,
    answer: ConfirmationSchema,
  }),
  answerConfirmation: endpoint('POST', '/order/confirm/:token', {
    params: ConfirmTokenParamsSchema,
    body: ConfirmActionBodySchema,
    answer: ConfirmationSchema,
  }),
  /** the file, for a caller with the Authorization header */
  exportFile: endpoint('GET', '/order/export', { query: OrderExportQuerySchema, file: EXPORT_FILE }),
  /** a one-time address of the file, valid 60 s (downloaders cannot send the Authorization header) */
  exportTicket: endpoint('POST', '/order/export/ticket', {
    body: OrderExportTicketBodySchema,
    answer: OrderExportTicketSchema,
  }),
  exportTicketFile: endpoint('GET', '/order/export/file', { query: OrderExportFileQuerySchema, file: EXPORT_FILE }),
  exportEmail: endpoint('POST', '/order/export/email', {
    body: OrderExportEmailBodySchema,
    answer: OrderExportEmailResultSchema,
  }),
  requestCancel: endpoint('POST', '/order/:orderNumber/cancel', {
    params: OrderNumberParamsSchema,
    body: OrderRequestFieldsSchema,
    answer: OrderRequestSchema,
  }),
  /** multipart/form-data: the fields and up to 2 parts `files` */
  requestReturn: endpoint('POST', '/order/:orderNumber/return', {
    params: OrderNumberParamsSchema,
    body: ReturnFormBodySchema,
    answer: OrderRequestSchema,
  }),
  orderRequests: endpoint('GET', '/order/:orderNumber/requests', {
    params: OrderNumberParamsSchema,
    answer: OrderRequestListSchema,
  }),
  requestFile: endpoint('GET', '/order/request-file/:fileId', {
    params: RequestFileParamsSchema,
    file: { description: 'The stored file', contentTypes: ['image/jpeg', 'image/png', 'application/pdf'] },
  }),
  opsAdvance: endpoint('POST', '/ops/orders/:orderNumber/advance', {
    params: OrderNumberParamsSchema,
    answer: OpsAdvanceResultSchema,
  }),
  opsConfirmation: endpoint('POST', '/ops/orders/:orderNumber/confirmation', {
    params: OrderNumberParamsSchema,
    body: OpsConfirmationBodySchema,
    answer: OpsConfirmationResultSchema,
  }),
}
export type OrderEndpoints = typeof orderEndpoints
