import { PHONE_PATTERN, isValidEmail } from '../account/address-rules'
import { REMARK_MAX } from './totals'

/**
 * After the order (issue 12): the cancel-order request and the return or after-sales form.
 * Pure rules shared by the app (client-side checks, pickers) and the server (which re-checks).
 *
 * Spec §3 "Return request: category, sub category, contact name, phone, email, remark, files."
 * Spec §5 "Return files: at most 2, size above 0, type and size limited."
 * Spec §9 "Return and cancellation follow-up: 48 hours." / "Return files max 2".
 * Spec §8 "Upload: wrong type, empty or too large, failed."
 *
 * The spec does not name the categories nor the type and size limits; ours (a lab supplier):
 * - files: JPEG, PNG or PDF (photos of damage, delivery notes, documents), 5 MB each at most;
 *   the type is checked by the extension AND by the first bytes (a renamed .exe is refused).
 * - remark: spec §9 "Remark | max 100 characters", the one REMARK_MAX of types/order/totals.ts (issue 22: it took 500).
 * - contact name: 60 characters (the address form's attention-to name limit).
 */

export type OrderRequestKind = 'cancel' | 'return'
export type OrderRequestStatus = 'pending' | 'in_progress' | 'completed' | 'rejected'
export const ORDER_REQUEST_STATUSES: readonly OrderRequestStatus[] = ['pending', 'in_progress', 'completed', 'rejected']

export interface Labelled {
  code: string
  en: string
  zh: string
}
export interface RequestCategory extends Labelled {
  subs: readonly Labelled[]
}

/** Return or after-sales form: category → sub-categories. */
export const RETURN_CATEGORIES: readonly RequestCategory[] = [
  {
    code: 'return',
    en: 'Return',
    zh: '退货',
    subs: [
      { code: 'damaged', en: 'Damaged in transit', zh: '运输途中损坏' },
      { code: 'wrong_item', en: 'Wrong item received', zh: '收到错误商品' },
      { code: 'quality', en: 'Quality issue', zh: '质量问题' },
      { code: 'temperature', en: 'Cold chain / temperature excursion', zh: '冷链/温度异常' },
      { code: 'expired', en: 'Expired or short shelf life', zh: '过期或效期过短' },
      { code: 'mistake', en: 'Ordered by mistake', zh: '误下单' },
    ],
  },
  {
    code: 'shortage',
    en: 'Missing or short shipment',
    zh: '缺货/少发',
    subs: [
      { code: 'missing_item', en: 'Item missing from the package', zh: '包裹中缺少商品' },
      { code: 'short_quantity', en: 'Quantity short', zh: '数量不足' },
    ],
  },
  {
    code: 'after_sales',
    en: 'After-sales service',
    zh: '售后服务',
    subs: [
      { code: 'technical', en: 'Technical support', zh: '技术支持' },
      { code: 'documents', en: 'Missing documents (CoA / SDS)', zh: '缺少文件（分析证书/安全数据表）' },
      { code: 'invoice', en: 'Invoice issue', zh: '发票问题' },
      { code: 'installation', en: 'Installation or repair', zh: '安装或维修' },
      { code: 'other', en: 'Other', zh: '其他' },
    ],
  },
]

/** Cancel-order request: reason → detail. */
export const CANCEL_CATEGORIES: readonly RequestCategory[] = [
  {
    code: 'no_longer_needed',
    en: 'No longer needed',
    zh: '不再需要',
    subs: [
      { code: 'project_changed', en: 'Project changed or cancelled', zh: '项目变更或取消' },
      { code: 'bought_elsewhere', en: 'Bought elsewhere', zh: '已从其他渠道购买' },
    ],
  },
  {
    code: 'order_error',
    en: 'Error in the order',
    zh: '订单有误',
    subs: [
      { code: 'wrong_product', en: 'Wrong product or size', zh: '产品或规格错误' },
      { code: 'wrong_quantity', en: 'Wrong quantity', zh: '数量错误' },
      { code: 'wrong_address', en: 'Wrong ship-to or bill-to', zh: '收货或开票地址错误' },
      { code: 'wrong_po', en: 'Wrong PO number', zh: 'PO 号错误' },
    ],
  },
  {
    code: 'delivery',
    en: 'Delivery time',
    zh: '交货时间',
    subs: [{ code: 'lead_time_too_long', en: 'Lead time too long', zh: '货期太长' }],
  },
  {
    code: 'price',
    en: 'Price or payment',
    zh: '价格或付款',
    subs: [
      { code: 'price_changed', en: 'Price differs from the quote', zh: '价格与报价不符' },
      { code: 'payment_issue', en: 'Payment or credit issue', zh: '付款或信用问题' },
    ],
  },
  { code: 'other', en: 'Other', zh: '其他', subs: [{ code: 'other', en: 'Other', zh: '其他' }] },
]

export const categoriesOf = (kind: OrderRequestKind) => (kind === 'cancel' ? CANCEL_CATEGORIES : RETURN_CATEGORIES)

/** The category and sub-category pair is one of the list of that kind. */
export function isKnownCategory(kind: OrderRequestKind, category: string, subCategory: string): boolean {
  const c = categoriesOf(kind).find((x) => x.code === category)
  return !!c && c.subs.some((s) => s.code === subCategory)
}

export function categoryLabel(kind: OrderRequestKind, category: string, subCategory: string, lang: 'en' | 'zh') {
  const c = categoriesOf(kind).find((x) => x.code === category)
  const s = c?.subs.find((x) => x.code === subCategory)
  return { category: c ? c[lang] : category, subCategory: s ? s[lang] : subCategory }
}

/**
 * Cancellation is asked only before the order is being processed: the one list is the order transition graph's
 * (types/order/lifecycle.ts BUYER_CANCELLABLE_STATUSES), under the names the app and the request route use.
 */
export { BUYER_CANCELLABLE_STATUSES as CANCELLABLE_STATUSES, canBuyerRequestCancel as isCancellable } from './lifecycle'

// ---------------- fields ----------------
export const CONTACT_NAME_MAX = 60
export const PHONE_MAX = 30
export const EMAIL_MAX = 100
export { REMARK_MAX }

export type FieldError = 'required' | 'tooLong' | 'pattern'
export interface RequestFields {
  contactName: string
  phone: string
  email: string
  remark?: string
}

/** Field errors of the form (empty object: valid). Contact name, phone and email are required; remark optional. */
export function checkRequestFields(f: RequestFields): Partial<Record<keyof RequestFields, FieldError>> {
  const out: Partial<Record<keyof RequestFields, FieldError>> = {}
  const name = f.contactName.trim()
  if (!name) out.contactName = 'required'
  else if (name.length > CONTACT_NAME_MAX) out.contactName = 'tooLong'
  const phone = f.phone.trim()
  if (!phone) out.phone = 'required'
  else if (phone.length > PHONE_MAX) out.phone = 'tooLong'
  else if (!PHONE_PATTERN.test(phone)) out.phone = 'pattern'
  const email = f.email.trim()
  if (!email) out.email = 'required'
  else if (email.length > EMAIL_MAX) out.email = 'tooLong'
  else if (!isValidEmail(email)) out.email = 'pattern'
  if ((f.remark ?? '').trim().length > REMARK_MAX) out.remark = 'tooLong'
  return out
}

// ---------------- files ----------------
export const RETURN_FILES_MAX = 2
/** 5 MB per file (a phone photo or a scanned PDF fits). */
export const RETURN_FILE_MAX_BYTES = 5 * 1024 * 1024
export const RETURN_FILE_NAME_MAX = 120

export type AllowedMime = 'image/jpeg' | 'image/png' | 'application/pdf'
export const RETURN_FILE_TYPES: readonly { ext: readonly string[]; mime: AllowedMime; magic: readonly number[] }[] = [
  { ext: ['jpg', 'jpeg'], mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { ext: ['png'], mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47] },
  { ext: ['pdf'], mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
]
/** For <input accept> and the mini-program's chooseMessageFile extension filter. */
export const RETURN_FILE_EXTENSIONS = RETURN_FILE_TYPES.flatMap((t) => t.ext)
export const RETURN_FILE_ACCEPT =
  RETURN_FILE_EXTENSIONS.map((e) => `.${e}`).join(',') + ',image/jpeg,image/png,application/pdf'

export const extensionOf = (name: string) => {
  const m = /\.([A-Za-z0-9]+)$/.exec(name.trim())
  return m ? m[1].toLowerCase() : ''
}

/** The type an extension promises (null: not an allowed type). */
export const typeOfName = (name: string) => RETURN_FILE_TYPES.find((t) => t.ext.includes(extensionOf(name))) ?? null

export const MAGIC_BYTES_NEEDED = 5

/** The first bytes match the type the extension promises. */
export function contentMatches(name: string, head: Uint8Array): boolean {
  const t = typeOfName(name)
  if (!t) return false
  return head.length >= t.magic.length && t.magic.every((b, i) => head[i] === b)
}

/** §8 wording: "wrong type", "empty or too large", "failed"; plus our "too many" (§9 "Return files max 2") and "content does not match". */
export type FileError = 'wrongType' | 'empty' | 'tooLarge' | 'tooMany' | 'mismatch'

/**
 * Checks one file before upload (by the client) or after reading it (by the server).
 * `head` (the first bytes) is optional on the client where it may not be readable.
 */
export function checkReturnFile(f: { name: string; size: number; head?: Uint8Array }): FileError | null {
  if (!typeOfName(f.name)) return 'wrongType'
  if (!(f.size > 0)) return 'empty'
  if (f.size > RETURN_FILE_MAX_BYTES) return 'tooLarge'
  if (f.head && !contentMatches(f.name, f.head)) return 'mismatch'
  return null
}

/** The list of files: at most 2, each valid. Returns the first error and the index of the file it is about. */
export function checkReturnFiles(
  files: readonly { name: string; size: number; head?: Uint8Array }[],
): { error: FileError; index: number } | null {
  for (let i = 0; i < files.length; i++) {
    if (i >= RETURN_FILES_MAX) return { error: 'tooMany', index: i }
    const e = checkReturnFile(files[i])
    if (e) return { error: e, index: i }
  }
  return null
}

/**
 * Bidirectional-text controls (issue 22, item 21): U+202E RIGHT-TO-LEFT OVERRIDE makes "invoice\u202Efdp.exe" show
 * as "invoiceexe.pdf", so a stored name could show another extension than its real one. The embeddings and overrides
 * (U+202A–U+202E), the isolates (U+2066–U+2069), the marks (U+200E, U+200F, U+061C) and U+FEFF go.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ufeff]/g

/** File name as stored and shown: path parts, control and bidi characters removed, length capped, extension kept. */
export function safeFileName(name: string): string {
  const base = name.replace(BIDI_CONTROLS, '').split(/[\\/]/).pop() ?? ''
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f"<>|:*?]/g, '_').trim()
  if (clean.length <= RETURN_FILE_NAME_MAX) return clean || 'file'
  const ext = extensionOf(clean)
  return `${clean.slice(0, RETURN_FILE_NAME_MAX - ext.length - 1)}.${ext}`
}

// ---------------- follow-up ----------------
/** Spec §9 "Return and cancellation follow-up: 48 hours." */
export const FOLLOW_UP_HOURS = 48
export const followUpBy = (submittedAt: Date) => new Date(submittedAt.getTime() + FOLLOW_UP_HOURS * 3600_000)
