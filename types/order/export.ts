import { Type, type Static } from 'typebox'
import { Closed, Literals } from '../common'
import { ORDER_EXPORT_FORMATS } from './export-rules'

/**
 * Order export and email (issue 12; spec §5 "Order-export date range: at most one year. Start date
 * earlier than end date.", §9 "export and email cover up to one year"). The range rule is
 * export-rules.ts; a range the rule refuses is 400 BAD_REQUEST with its message in the request's
 * language (reason EXPORT_RANGE).
 *
 * - GET /order/export?from&to&format: the file itself (bearer token), attachment orders-<from>-<to>.<format>
 * - POST /order/export/ticket {from, to, format}: a one-time download address valid 60 s, for
 *   downloaders that cannot send the Authorization header (a link on H5, Taro.downloadFile)
 * - GET /order/export/file?ticket: the file, for that ticket's user and range, once
 * - POST /order/export/email {from, to, format, email?}: the file by email
 */

export const OrderExportFormatSchema = Literals(ORDER_EXPORT_FORMATS)

/** A day YYYY-MM-DD; the schema only bounds the text: the rule (and its bilingual message) decides. */
const DaySchema = Type.String({
  minLength: 1,
  maxLength: 10,
  description: "A calendar day, YYYY-MM-DD, in the account's country's time",
})

/** What every way of exporting takes: the range of days and the file's format. */
const ExportRangeFields = {
  from: DaySchema,
  to: DaySchema,
  format: Type.Optional(OrderExportFormatSchema),
}

export const OrderExportQuerySchema = Closed(ExportRangeFields)
export type OrderExportQuery = Static<typeof OrderExportQuerySchema>

export const OrderExportTicketBodySchema = OrderExportQuerySchema
export type OrderExportTicketBody = OrderExportQuery

export const OrderExportTicketSchema = Type.Object({
  /** /api/order/export/file?ticket=…: one download, by anyone holding it, until expiresAt */
  url: Type.String(),
  expiresAt: Type.String(),
  fileName: Type.String(),
})
export type OrderExportTicket = Static<typeof OrderExportTicketSchema>

export const OrderExportFileQuerySchema = Closed({
  ticket: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
})

export const OrderExportEmailBodySchema = Closed({
  ...ExportRangeFields,
  /** one more recipient besides the user's own address (spec §6 email rule); the user's own address always gets the file */
  email: Type.Optional(Type.String({ maxLength: 254 })),
})
export type OrderExportEmailBody = Static<typeof OrderExportEmailBodySchema>

export const OrderExportEmailResultSchema = Type.Object({
  sentTo: Type.Array(Type.String()),
  messageId: Type.String(),
  /** order lines in the file */
  rows: Type.Integer(),
})
export type OrderExportEmailResult = Static<typeof OrderExportEmailResultSchema>
