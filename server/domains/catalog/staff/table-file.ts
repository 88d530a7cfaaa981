import ExcelJS from 'exceljs'
import { ApiError } from '../../../errors'
import type { ImportFormat } from '../../../../types/catalog/staff-endpoints'

/**
 * An import file as a table of strings: its header and its data rows, each with the row number a spreadsheet shows
 * (the header is row 1), so an error names the row the staff member sees in Excel or a text editor.
 *  - CSV: RFC 4180 (fields separated by commas, records by CRLF or LF, a field with a comma, a quote or a line break
 *    inside double quotes, a quote in it doubled), UTF-8 with or without a byte-order mark. Rows are numbered by
 *    record, as a spreadsheet shows the file: a field with a line break does not shift the numbers.
 *  - XLSX: the first worksheet; its first row is the header. Numbers, formulas (their result), rich text and
 *    hyperlinks are read as the text they show.
 * Empty records (a trailing line break, a blank row) are skipped. What cannot be read at all is a 400.
 */

export interface TableRow {
  /** the row's number in the file (header = 1) */
  line: number
  cells: string[]
}

export interface Table {
  header: string[]
  rows: TableRow[]
}

const unreadable = (message: string) => new ApiError(400, 'VALIDATION_ERROR', message)

export async function readTable(format: ImportFormat, file: Buffer, maxRows: number): Promise<Table> {
  const records = format === 'csv' ? parseCsv(decodeUtf8(file)) : await readXlsx(file)
  const nonEmpty = records.filter((r) => r.cells.some((c) => c.trim() !== ''))
  if (!nonEmpty.length) throw unreadable('The file is empty: a header row and at least one data row are needed')
  const [head, ...rows] = nonEmpty
  if (!rows.length) throw unreadable('The file has a header but no data rows')
  if (rows.length > maxRows)
    throw new ApiError(
      413,
      'PAYLOAD_TOO_LARGE',
      `The file has ${rows.length} data rows; at most ${maxRows} are imported at once (split the file)`,
    )
  return { header: head.cells.map((c) => c.trim()), rows }
}

function decodeUtf8(file: Buffer): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(file)
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  } catch {
    throw unreadable('The CSV file is not UTF-8 text (save it as "CSV UTF-8")')
  }
}

/** RFC 4180 records, numbered as a spreadsheet numbers the rows (a record with a line break in a field is one row). */
export function parseCsv(text: string): TableRow[] {
  const out: TableRow[] = []
  let cells: string[] = []
  let field = ''
  /** nothing of the current field read yet (a quote here opens a quoted field) */
  let atFieldStart = true
  /** the physical line (for messages about quotes) */
  let line = 1
  let i = 0
  const n = text.length
  const endField = () => {
    cells.push(field)
    field = ''
    atFieldStart = true
  }
  while (i < n) {
    const ch = text[i]
    if (ch === '"' && atFieldStart) {
      // a quoted field: up to the closing quote ("" is a quote)
      const start = line
      atFieldStart = false
      i++
      for (;;) {
        if (i >= n) throw unreadable(`Line ${start}: a quoted field is not closed`)
        const c = text[i]
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i++
          break
        }
        if (c === '\n') line++
        field += c
        i++
      }
      if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r')
        throw unreadable(`Line ${line}: text after a quoted field (a quote inside a field must be doubled)`)
    } else if (ch === ',') {
      endField()
      i++
    } else if (ch === '\r' || ch === '\n') {
      endField()
      out.push({ line: out.length + 1, cells })
      cells = []
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1
      line++
    } else if (ch === '"') {
      throw unreadable(`Line ${line}: a quote inside an unquoted field (quote the field and double the quote)`)
    } else {
      field += ch
      atFieldStart = false
      i++
    }
  }
  if (!atFieldStart || cells.length) {
    endField()
    out.push({ line: out.length + 1, cells })
  }
  return out
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (v instanceof Date) return v.toISOString().slice(0, 10)
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('')
    if ('result' in v) return v.result === undefined ? '' : cellText(v.result as ExcelJS.CellValue)
    if ('text' in v) return String(v.text)
    if ('error' in v) return String(v.error)
  }
  return String(v)
}

async function readXlsx(file: Buffer): Promise<TableRow[]> {
  const wb = new ExcelJS.Workbook()
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer)
  } catch {
    throw unreadable('The file is not an XLSX workbook')
  }
  const sheet = wb.worksheets[0]
  if (!sheet) throw unreadable('The workbook has no worksheet')
  const out: TableRow[] = []
  const width = sheet.columnCount
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = []
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value))
    out.push({ line: rowNumber, cells })
  })
  return out
}
