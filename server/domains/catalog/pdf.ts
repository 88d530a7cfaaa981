/**
 * A minimal, valid PDF 1.4 writer for one-page documents (manuals, SDS, certificates of analysis).
 * Latin text is set in Helvetica (WinAnsiEncoding); lines with Chinese in the standard Adobe CJK font
 * STSong-Light (UniGB-UCS2-H, not embedded: readers supply it). Objects, xref offsets and stream lengths
 * are computed byte-exactly.
 */

export interface PdfLine {
  text: string
  size?: number
  bold?: boolean
  /** extra space above the line, in points */
  gap?: number
}

const PAGE_W = 595 // A4
const PAGE_H = 842
const MARGIN = 56
const HAS_CJK = /[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/

/** Helvetica literal string: WinAnsi bytes as octal escapes, unknown characters as '?'. */
function latinString(s: string): string {
  let out = '('
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (ch === '(' || ch === ')' || ch === '\\') out += '\\' + ch
    else if (c >= 0x20 && c < 0x7f) out += ch
    else if (c >= 0xa0 && c <= 0xff) out += '\\' + c.toString(8).padStart(3, '0')
    else if (c === 0x2013 || c === 0x2014) out += '-'
    else if (c === 0x2264) out += '<='
    else if (c === 0x2265) out += '>='
    else out += '?'
  }
  return out + ')'
}

/** UCS-2 hex string for the CJK font (BMP only; others become '?'). */
function ucs2String(s: string): string {
  let out = '<'
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    out += (c > 0xffff ? 0x3f : c).toString(16).padStart(4, '0')
  }
  return out + '>'
}

/** Wraps text to about `max` units (CJK characters count 2). */
function wrap(text: string, max: number): string[] {
  const out: string[] = []
  let line = ''
  let width = 0
  const w = (s: string) => [...s].reduce((n, ch) => n + (HAS_CJK.test(ch) ? 2 : 1), 0)
  for (const token of text.split(/(\s+)/)) {
    const pieces = w(token) > max ? [...token] : [token]
    for (const piece of pieces) {
      const pw = w(piece)
      if (width + pw > max && line.trim()) {
        out.push(line.trimEnd())
        line = ''
        width = 0
        if (!piece.trim()) continue
      }
      line += piece
      width += pw
    }
  }
  if (line.trim()) out.push(line.trimEnd())
  return out.length ? out : ['']
}

export function renderPdf(title: string, lines: PdfLine[]): Buffer {
  let y = PAGE_H - MARGIN
  const ops: string[] = []
  for (const l of lines) {
    const size = l.size ?? 10
    const max = Math.floor((PAGE_W - 2 * MARGIN) / (size * 0.52))
    y -= l.gap ?? 0
    for (const part of wrap(l.text, max)) {
      y -= size * 1.4
      if (y < MARGIN) break
      const cjk = HAS_CJK.test(part)
      const font = cjk ? 'F3' : l.bold ? 'F2' : 'F1'
      ops.push(
        `BT /${font} ${size} Tf 1 0 0 1 ${MARGIN} ${y.toFixed(1)} Tm ${cjk ? ucs2String(part) : latinString(part)} Tj ET`,
      )
    }
  }
  const content = Buffer.from(ops.join('\n') + '\n', 'latin1')

  const objects: Buffer[] = []
  const obj = (body: string | Buffer) => objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body)
  obj('<< /Type /Catalog /Pages 2 0 R >>') // 1
  obj('<< /Type /Pages /Kids [3 0 R] /Count 1 >>') // 2
  obj(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R >> >> >>`,
  ) // 3
  obj(
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('endstream', 'latin1'),
    ]),
  ) // 4
  obj('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>') // 5
  obj('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>') // 6
  obj('<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [8 0 R] >>') // 7
  obj(
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 9 0 R /DW 1000 /W [1 95 500] >>',
  ) // 8
  obj(
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ) // 9
  obj(`<< /Title ${HAS_CJK.test(title) ? ucs2Title(title) : latinString(title)} /Producer (Lab Store) >>`) // 10

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let offset = parts[0].length
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(offset)
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')])
    parts.push(b)
    offset += b.length
  })
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 10 0 R >>\nstartxref\n${offset}\n%%EOF\n`
  parts.push(Buffer.from(xref, 'latin1'))
  return Buffer.concat(parts)
}

/** Document-information strings with Chinese: UTF-16BE with a byte-order mark, as a hex string. */
function ucs2Title(s: string): string {
  let out = '<FEFF'
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase()
  return out + '>'
}
