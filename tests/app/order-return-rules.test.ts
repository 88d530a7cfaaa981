import {
  RETURN_CATEGORIES,
  CANCEL_CATEGORIES,
  CANCELLABLE_STATUSES,
  RETURN_FILES_MAX,
  RETURN_FILE_MAX_BYTES,
  FOLLOW_UP_HOURS,
  isKnownCategory,
  isCancellable,
  checkRequestFields,
  checkReturnFile,
  checkReturnFiles,
  contentMatches,
  followUpBy,
  safeFileName,
  typeOfName,
} from '../../types/order/return-rules'
import { ORDER_STATUS_MAP } from '../../types/order/statuses'
import { en, zh } from '../../src/i18n'

/**
 * Pure rules of the after-order requests (types/order/return-rules.ts), shared by the form and the server.
 * Spec §3 "Return request: category, sub category, contact name, phone, email, remark, files."
 * Spec §5 "Return files: at most 2, size above 0, type and size limited."
 * Spec §9 "Return and cancellation follow-up: 48 hours." "Return files max 2".
 */

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37])

describe('categories (§3 "category, sub category")', () => {
  it('every category has sub-categories, codes unique within their list, labels in both languages', () => {
    for (const list of [RETURN_CATEGORIES, CANCEL_CATEGORIES]) {
      expect(new Set(list.map((c) => c.code)).size).toBe(list.length)
      for (const c of list) {
        expect(c.subs.length).toBeGreaterThan(0)
        expect(new Set(c.subs.map((s) => s.code)).size).toBe(c.subs.length)
        for (const x of [c, ...c.subs]) {
          expect(x.en.trim()).not.toBe('')
          expect(x.zh.trim()).not.toBe('')
          expect(x.code).toMatch(/^[a-z_]+$/) // the request schema's pattern
        }
      }
    }
  })
  it('a pair is known only within its kind and its category', () => {
    expect(isKnownCategory('return', 'return', 'damaged')).toBe(true)
    expect(isKnownCategory('return', 'after_sales', 'documents')).toBe(true)
    expect(isKnownCategory('return', 'after_sales', 'damaged')).toBe(false) // damaged is under "return"
    expect(isKnownCategory('cancel', 'return', 'damaged')).toBe(false)
    expect(isKnownCategory('cancel', 'order_error', 'wrong_quantity')).toBe(true)
    expect(isKnownCategory('return', '', '')).toBe(false)
  })
})

describe('cancellable statuses', () => {
  it('only codes of spec §4, and only those before processing: shipped, completed, cancelled, in progress are not', () => {
    for (const s of CANCELLABLE_STATUSES) expect(Object.keys(ORDER_STATUS_MAP)).toContain(s)
    for (const s of [
      'SUBMITTED',
      'ORDER_SUBMITTED',
      'PENDING_REVIEW',
      'TO_BE_CONFIRMED',
      'PENDING_APPROVAL',
      'PENDING_ADDRESS_VALIDATION',
    ])
      expect(isCancellable(s)).toBe(true)
    for (const s of ['IN_PROGRESS', 'SHIPPED', 'Waiting for Delivery', 'COMPLETED', 'CANCELLED', 'PENDING', 'x'])
      expect(isCancellable(s)).toBe(false)
  })
})

describe('fields (§3 contact name, phone, email, remark)', () => {
  const ok = { contactName: 'Li Lei', phone: '+86-13800138000', email: 'li.lei@example.com', remark: '' }
  it('a complete form has no errors; remark is optional', () => {
    expect(checkRequestFields(ok)).toEqual({})
    expect(checkRequestFields({ ...ok, remark: undefined })).toEqual({})
  })
  // spec §9 "Remark | max 100 characters" (issue 22: the remark took 500)
  it('contact name, phone and email are required; name ≤ 60, remark ≤ 100 (spec §9); phone by PHONE_PATTERN; email valid', () => {
    expect(checkRequestFields({ ...ok, contactName: '  ', phone: '', email: '' })).toEqual({
      contactName: 'required',
      phone: 'required',
      email: 'required',
    })
    expect(checkRequestFields({ ...ok, contactName: 'x'.repeat(60) })).toEqual({})
    expect(checkRequestFields({ ...ok, contactName: 'x'.repeat(61) })).toEqual({ contactName: 'tooLong' })
    expect(checkRequestFields({ ...ok, phone: 'call me' })).toEqual({ phone: 'pattern' })
    expect(checkRequestFields({ ...ok, phone: '021 6888 1234' })).toEqual({})
    expect(checkRequestFields({ ...ok, email: 'li@' })).toEqual({ email: 'pattern' })
    expect(checkRequestFields({ ...ok, remark: '备'.repeat(100) })).toEqual({})
    expect(checkRequestFields({ ...ok, remark: '备'.repeat(101) })).toEqual({ remark: 'tooLong' })
    expect(checkRequestFields({ ...ok, remark: '备'.repeat(500) })).toEqual({ remark: 'tooLong' })
  })
})

describe('files (§5 "at most 2, size above 0, type and size limited")', () => {
  it('JPEG, PNG and PDF by extension (any case); anything else is the wrong type', () => {
    expect(typeOfName('Photo.JPG')?.mime).toBe('image/jpeg')
    expect(typeOfName('a.jpeg')?.mime).toBe('image/jpeg')
    expect(typeOfName('a.png')?.mime).toBe('image/png')
    expect(typeOfName('CoA.pdf')?.mime).toBe('application/pdf')
    for (const n of ['a.exe', 'a.gif', 'a.pdf.exe', 'pdf', 'a.', 'a.docx'])
      expect(checkReturnFile({ name: n, size: 10 })).toBe('wrongType')
  })
  it('size above 0 and at most 5 MB', () => {
    expect(RETURN_FILE_MAX_BYTES).toBe(5 * 1024 * 1024)
    expect(checkReturnFile({ name: 'a.pdf', size: 0 })).toBe('empty')
    expect(checkReturnFile({ name: 'a.pdf', size: 1, head: PDF })).toBe(null)
    expect(checkReturnFile({ name: 'a.pdf', size: RETURN_FILE_MAX_BYTES, head: PDF })).toBe(null)
    expect(checkReturnFile({ name: 'a.pdf', size: RETURN_FILE_MAX_BYTES + 1, head: PDF })).toBe('tooLarge')
  })
  it('the first bytes must be those of the type the extension promises (FF D8 FF, 89 50 4E 47, %PDF-)', () => {
    expect(contentMatches('a.jpg', JPEG)).toBe(true)
    expect(contentMatches('a.png', PNG)).toBe(true)
    expect(contentMatches('a.pdf', PDF)).toBe(true)
    expect(contentMatches('a.jpg', PDF)).toBe(false)
    expect(contentMatches('a.pdf', JPEG)).toBe(false)
    expect(contentMatches('a.png', new Uint8Array([0x89, 0x50]))).toBe(false) // too short
    expect(checkReturnFile({ name: 'renamed.pdf', size: 2, head: new Uint8Array([0x4d, 0x5a]) })).toBe('mismatch')
  })
  it('"Return files max 2" (§9): a third file is refused, and the first error names its file', () => {
    expect(RETURN_FILES_MAX).toBe(2)
    const f = { name: 'a.jpg', size: 6, head: JPEG }
    expect(checkReturnFiles([f, f])).toBe(null)
    expect(checkReturnFiles([f, f, f])).toEqual({ error: 'tooMany', index: 2 })
    expect(checkReturnFiles([f, { name: 'b.png', size: 0 }])).toEqual({ error: 'empty', index: 1 })
  })
  it('file names: no path, no control or header characters, capped with the extension kept', () => {
    expect(safeFileName('C:\\Users\\li\\photo.jpg')).toBe('photo.jpg')
    expect(safeFileName('../../etc/x.pdf')).toBe('x.pdf')
    expect(safeFileName('a"b\r\n.pdf')).toBe('a_b__.pdf')
    const long = safeFileName(`${'x'.repeat(300)}.pdf`)
    expect(long.length).toBe(120)
    expect(long.endsWith('.pdf')).toBe(true)
  })
  it('file names lose bidi controls (issue 22, item 21): U+202E cannot make "…\\u202Efdp.exe" look like a PDF', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe')
    expect(safeFileName('photo\u202Egnp.jpg')).toBe('photognp.jpg')
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
      '\ufeff',
    ]) {
      expect(safeFileName(`a${c}b.pdf`)).toBe('ab.pdf')
    }
    // ordinary Chinese and Arabic names are kept
    expect(safeFileName('发票 1.pdf')).toBe('发票 1.pdf')
    expect(safeFileName('فاتورة.pdf')).toBe('فاتورة.pdf')
    expect(safeFileName('\u202e')).toBe('file')
  })
})

describe('follow-up (§9 "Return and cancellation follow-up: 48 hours")', () => {
  it('followUpBy = submittedAt + 48 h', () => {
    expect(FOLLOW_UP_HOURS).toBe(48)
    expect(followUpBy(new Date('2026-11-23T02:00:00Z')).toISOString()).toBe('2026-11-25T02:00:00.000Z')
  })
})

describe('messages', () => {
  it('every after-order message exists in English and Chinese', () => {
    const keys = Object.keys(en).filter(
      (k) => k.startsWith('orderRequest.') || k === 'orderDetail.cancel' || k === 'orderDetail.return',
    )
    expect(keys.length).toBeGreaterThan(30)
    for (const k of keys) expect((zh as Record<string, string>)[k]?.trim()).toBeTruthy()
  })
})
