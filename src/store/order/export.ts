import { create } from 'zustand'
import {
  checkExportRange,
  defaultExportRange,
  exportFileName,
  type ExportRangeProblem,
  type OrderExportFormat,
} from '../../../types/order/export-rules'
import { isValidEmail } from '../../../types/account/address-rules'
import { createOrderExportTicket, emailOrderExport } from '../../api/order/screens'
import { ApiError } from '../../api/client'
import { saveExportFile, EXPORT_FORMATS_HERE } from '../../platform/export-file'
import { t } from '../locale'

/**
 * The export section of the order history (issue 12; spec §5 "Order-export date range: at most one
 * year. Start date earlier than end date.", §9 "export and email cover up to one year"): the range
 * (default: the last 3 months to today, in the account's country's time), the rule's verdict, a
 * download (a one-time ticket, then the platform saves or opens the file) and an email to the
 * buyer's own address (and one more, if typed).
 */

export type ExportBusy = 'download' | 'email' | null

interface OrderExportState {
  from: string
  to: string
  format: OrderExportFormat
  /** one more recipient of the email; '' none */
  extraEmail: string
  busy: ExportBusy
  /** the last outcome, for the buyer: an error, the file saved, the email sent */
  notice: { kind: 'error' | 'saved' | 'sent'; text: string } | null
  /** the formats this platform can open (the mini-program's document viewer: XLSX only) */
  formats: readonly OrderExportFormat[]
  /** the default range for the country, once per screen */
  init: (country: string, now?: Date) => void
  setFrom: (v: string) => void
  setTo: (v: string) => void
  setFormat: (f: OrderExportFormat) => void
  setExtraEmail: (v: string) => void
  download: () => Promise<boolean>
  email: () => Promise<boolean>
}

/** The rule's verdict on the range as typed; null when the buyer may go on. */
export const rangeProblem = (s: { from: string; to: string }): ExportRangeProblem | null =>
  checkExportRange(s.from.trim(), s.to.trim())
export const extraEmailInvalid = (s: { extraEmail: string }) =>
  s.extraEmail.trim() !== '' && !isValidEmail(s.extraEmail)

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : t('orderExport.failed'))

export const useOrderExport = create<OrderExportState>()((set, get) => ({
  from: '',
  to: '',
  format: 'xlsx',
  extraEmail: '',
  busy: null,
  notice: null,
  formats: EXPORT_FORMATS_HERE,

  init: (country, now = new Date()) =>
    set({ ...defaultExportRange(country, now), format: 'xlsx', extraEmail: '', busy: null, notice: null }),
  setFrom: (from) => set({ from, notice: null }),
  setTo: (to) => set({ to, notice: null }),
  setFormat: (format) => set({ format: get().formats.includes(format) ? format : 'xlsx', notice: null }),
  setExtraEmail: (extraEmail) => set({ extraEmail, notice: null }),

  download: async () => {
    const s = get()
    if (s.busy || rangeProblem(s)) return false
    const range = { from: s.from.trim(), to: s.to.trim(), format: s.format }
    set({ busy: 'download', notice: null })
    try {
      const ticket = await createOrderExportTicket(range)
      await saveExportFile({
        url: ticket.url,
        fileName: ticket.fileName || exportFileName(range.from, range.to, range.format),
      })
      set({ busy: null, notice: { kind: 'saved', text: t('orderExport.saved', { file: ticket.fileName }) } })
      return true
    } catch (e) {
      set({ busy: null, notice: { kind: 'error', text: errorText(e) } })
      return false
    }
  },

  email: async () => {
    const s = get()
    if (s.busy || rangeProblem(s) || extraEmailInvalid(s)) return false
    set({ busy: 'email', notice: null })
    try {
      const extra = s.extraEmail.trim()
      const r = await emailOrderExport({
        from: s.from.trim(),
        to: s.to.trim(),
        format: s.format,
        ...(extra ? { email: extra } : {}),
      })
      set({
        busy: null,
        notice: { kind: 'sent', text: t('orderExport.sent', { to: r.sentTo.join(', '), rows: r.rows }) },
      })
      return true
    } catch (e) {
      set({ busy: null, notice: { kind: 'error', text: errorText(e) } })
      return false
    }
  },
}))
