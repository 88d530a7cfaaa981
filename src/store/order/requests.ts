import { create } from 'zustand'
import type { OrderRequest } from '../../../types/order/request-schemas'
import {
  RETURN_FILES_MAX,
  checkRequestFields,
  checkReturnFile,
  isCancellable,
  typeOfName,
  type FieldError,
  type FileError,
  type OrderRequestKind,
  type RequestFields,
} from '../../../types/order/return-rules'
import { requestCancel, requestReturn, getOrderRequests } from '../../api/order/screens'
import { getOrderDetail } from '../../api/order'
import { ApiError } from '../../api/client'
import { pickFiles, type PickedFile } from '../../platform/files'
import { t } from '../locale'

/**
 * The cancel-order request and the return or after-sales form (issue 12). One form at a time:
 * `open(kind, orderNumber, prefill)` starts it (contact prefilled from the user), the page binds
 * the fields, `pick()` adds files through the platform chooser (checked here with the server's
 * own rules: at most 2, above 0 bytes, at most 5 MB, JPEG/PNG/PDF by extension and first bytes),
 * `submit()` sends it; the server checks everything again.
 */

export interface FormFields extends RequestFields {
  category: string
  subCategory: string
  remark: string
}
export type FormErrors = Partial<Record<keyof FormFields, FieldError>>

export interface OrderRequestFormState {
  kind: OrderRequestKind
  orderNumber: string
  fields: FormFields
  errors: FormErrors
  files: PickedFile[]
  /** the message of the last refused file (§8 "Upload: wrong type, empty or too large, failed") */
  fileError: string | null
  status: 'editing' | 'submitting' | 'done'
  /** the server's refusal of the submit, shown above the button */
  submitError: string | null
  result: OrderRequest | null
  /**
   * Why this order cannot be cancelled, known when the form opens (issue 22 item 13: the buyer filled
   * everything and was refused only on submit): the order's status is past the cancellable ones
   * (types/order/return-rules isCancellable, the rule the server applies), or a cancellation request is
   * already open. The form is not offered then; the server still checks at submit.
   */
  blocked: string | null
  open: (
    kind: OrderRequestKind,
    orderNumber: string,
    prefill: { contactName: string; phone: string; email: string },
  ) => void
  setField: (k: keyof FormFields, v: string) => void
  setCategory: (category: string) => void
  pick: () => Promise<void>
  addFiles: (files: PickedFile[]) => void
  removeFile: (index: number) => void
  submit: () => Promise<boolean>
}

const EMPTY: FormFields = { category: '', subCategory: '', contactName: '', phone: '', email: '', remark: '' }

export function fileErrorMessage(e: FileError | 'failed', name?: string): string {
  const file = name ?? ''
  switch (e) {
    case 'wrongType':
      return t('orderRequest.file.wrongType', { file })
    case 'mismatch':
      return t('orderRequest.file.mismatch', { file })
    case 'empty':
    case 'tooLarge':
      return t('orderRequest.file.emptyOrTooLarge', { file })
    case 'tooMany':
      return t('orderRequest.file.tooMany', { max: RETURN_FILES_MAX })
    default:
      return t('orderRequest.file.failed')
  }
}

/** the server's own refusals, said before the form is filled */
async function cancelBlock(orderNumber: string): Promise<string | null> {
  const [order, requests] = await Promise.all([
    getOrderDetail(orderNumber),
    getOrderRequests(orderNumber).catch(() => [] as OrderRequest[]),
  ])
  if (!isCancellable(order.status)) return t('orderRequest.notCancellable')
  if (requests.some((r) => r.kind === 'cancel' && (r.status === 'pending' || r.status === 'in_progress')))
    return t('orderRequest.cancelOpen')
  return null
}

/** a form as it opens: these fields, nothing attached, checked or sent yet */
const blankForm = (
  fields: FormFields,
): Pick<
  OrderRequestFormState,
  'fields' | 'errors' | 'files' | 'fileError' | 'status' | 'submitError' | 'result' | 'blocked'
> => ({
  fields,
  errors: {},
  files: [],
  fileError: null,
  status: 'editing',
  submitError: null,
  result: null,
  blocked: null,
})

export const useOrderRequestForm = create<OrderRequestFormState>()((set, get) => ({
  kind: 'return',
  orderNumber: '',
  ...blankForm(EMPTY),

  open: (kind, orderNumber, prefill) => {
    const s = get()
    // the same form again (back from the chooser, the user's profile arriving): keep what was typed, fill what is empty
    if (s.kind === kind && s.orderNumber === orderNumber && s.status === 'editing') {
      const f = s.fields
      set({
        fields: {
          ...f,
          contactName: f.contactName || prefill.contactName,
          phone: f.phone || prefill.phone,
          email: f.email || prefill.email,
        },
      })
      return
    }
    set({
      kind,
      orderNumber,
      ...blankForm({ ...EMPTY, ...prefill }),
    })
    if (kind === 'cancel') {
      cancelBlock(orderNumber).then(
        (blocked) => {
          const now = get()
          if (now.kind === kind && now.orderNumber === orderNumber && now.status === 'editing') set({ blocked })
        },
        () => undefined,
      ) // unknown: the form stays, and the server decides at submit
    }
  },

  setField: (k, v) =>
    set((s) => ({ fields: { ...s.fields, [k]: v }, errors: { ...s.errors, [k]: undefined }, submitError: null })),

  setCategory: (category) =>
    set((s) => ({
      fields: { ...s.fields, category, subCategory: '' },
      errors: { ...s.errors, category: undefined, subCategory: undefined },
    })),

  pick: async () => {
    const room = RETURN_FILES_MAX - get().files.length
    if (room <= 0) {
      set({ fileError: fileErrorMessage('tooMany') })
      return
    }
    const picked = await pickFiles(room)
    if (picked) get().addFiles(picked)
  },

  addFiles: (picked) => {
    const kept = [...get().files]
    let fileError: string | null = null
    for (const f of picked) {
      if (kept.length >= RETURN_FILES_MAX) {
        fileError = fileErrorMessage('tooMany')
        break
      }
      const e = checkReturnFile({ name: f.name, size: f.size, head: f.bytes.subarray(0, 8) })
      if (e) {
        fileError = fileErrorMessage(e, f.name)
        continue
      }
      kept.push(f)
    }
    set({ files: kept, fileError })
  },

  removeFile: (index) => set((s) => ({ files: s.files.filter((_, i) => i !== index), fileError: null })),

  submit: async () => {
    const s = get()
    if (s.status === 'submitting' || s.blocked) return false
    const errors: FormErrors = { ...checkRequestFields(s.fields) }
    if (!s.fields.category) errors.category = 'required'
    if (!s.fields.subCategory) errors.subCategory = 'required'
    if (Object.values(errors).some(Boolean)) {
      set({ errors })
      return false
    }
    set({ status: 'submitting', submitError: null })
    const f = s.fields
    const body = {
      category: f.category,
      subCategory: f.subCategory,
      contactName: f.contactName.trim(),
      phone: f.phone.trim(),
      email: f.email.trim(),
      ...(f.remark.trim() ? { remark: f.remark.trim() } : {}),
    }
    try {
      const result =
        s.kind === 'cancel'
          ? await requestCancel(s.orderNumber, body)
          : await requestReturn(
              s.orderNumber,
              body,
              s.files.map((x) => ({ name: x.name, mime: typeOfName(x.name)!.mime, bytes: x.bytes })),
            )
      set({ status: 'done', result })
      return true
    } catch (e) {
      const err = e instanceof ApiError ? e : null
      const message =
        err?.serverMessage ??
        err?.message ??
        (s.kind === 'return' && s.files.length ? fileErrorMessage('failed') : t('orderRequest.failed'))
      set({ status: 'editing', submitError: message })
      return false
    }
  },
}))

/** The requests of one order (shown on the order detail page). */
interface OrderRequestsState {
  orderNumber: string | null
  items: OrderRequest[]
  load: (orderNumber: string) => Promise<void>
}
export const useOrderRequests = create<OrderRequestsState>()((set) => ({
  orderNumber: null,
  items: [],
  load: async (orderNumber) => {
    set({ orderNumber, items: [] })
    try {
      const items = await getOrderRequests(orderNumber)
      set((s) => (s.orderNumber === orderNumber ? { items } : s))
    } catch {
      // the list is an extra on the detail page: the page works without it
    }
  },
}))
