import fs from 'node:fs'
import path from 'node:path'
import englishMessages from 'ra-language-english'
import { raChinese } from '../../admin/src/i18n/ra-zh'
import { mergeMessages, type Messages } from '../../admin/src/i18n/messages'

/**
 * Issue 25, the console in two languages: react-admin's own strings in Chinese (admin/src/i18n/ra-zh.ts) have every
 * key of ra-language-english and no other, and every part of the console's messages (admin/src/i18n/console.ts, each
 * screen's messages.ts under admin/src) has the same keys in English and Chinese, with the same %{placeholders};
 * Polyglot reads Chinese with the first plural form only, so that form carries them all (%{smart_count} too), and a
 * Chinese text has one form or as many as the English (`||||`; ra-zh.ts keeps the English structure). The message files are found on disk, so a new screen's are checked too.
 * (en.ts and zh.ts merge the same parts; importing them would pull in every screen's components.)
 */

type Tree = Record<string, unknown>
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v)

/** every leaf of a tree: 'ra.action.add' → its text */
function leaves(t: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k
    if (isTree(v)) for (const [kk, vv] of leaves(v, key)) out.set(kk, vv)
    else out.set(key, v)
  }
  return out
}

const placeholders = (s: string) => [...new Set(s.match(/%\{[A-Za-z_]+\}/g) ?? [])].sort()
const forms = (s: string) => s.split('||||').length

/** the differences of two trees: missing keys either way, texts that are not text, placeholders, plural forms */
function compare(en: Tree, zh: Tree): string[] {
  const a = leaves(en)
  const b = leaves(zh)
  const problems: string[] = []
  for (const k of a.keys()) if (!b.has(k)) problems.push(`zh lacks ${k}`)
  for (const k of b.keys()) if (!a.has(k)) problems.push(`en lacks ${k}`)
  for (const [k, va] of a) {
    const vb = b.get(k)
    if (vb === undefined) continue
    if (typeof va !== 'string' || typeof vb !== 'string') {
      problems.push(`${k}: not a text`)
      continue
    }
    // Polyglot reads Chinese with its first form only, whatever the count: that form needs every placeholder
    const zhFirst = vb.split('||||')[0]
    if (placeholders(va).join() !== placeholders(zhFirst).join())
      problems.push(`${k}: placeholders ${placeholders(va).join() || '-'} / ${placeholders(zhFirst).join() || '-'}`)
    if (placeholders(va).join() !== placeholders(vb).join())
      problems.push(
        `${k}: placeholders ${placeholders(va).join() || '-'} / ${placeholders(vb).join() || '-'} (all forms)`,
      )
    // one form (Chinese has no plural), or as many as English (react-admin's own strings keep their structure)
    if (forms(vb) !== 1 && forms(va) !== forms(vb))
      problems.push(`${k}: ${forms(va)} plural forms in en, ${forms(vb)} in zh`)
    if (va.trim() && !vb.trim()) problems.push(`${k}: empty in zh`)
  }
  return problems
}

const ADMIN_SRC = path.join(__dirname, '../../admin/src')

/** admin/src/i18n/console.ts and every messages.ts (or *-messages.ts) under admin/src */
function messageFiles(dir = ADMIN_SRC): string[] {
  const out: string[] = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...messageFiles(p))
    else if (/(^|[-.])messages\.ts$/.test(e.name) || p === path.join(ADMIN_SRC, 'i18n/console.ts')) out.push(p)
  }
  return out.filter((p) => !p.endsWith(path.join('i18n', 'messages.ts'))).sort()
}

/** the exported { en, zh } parts of a file */
function partsOf(file: string): [string, Messages][] {
  const mod = require(file) as Record<string, unknown>
  return Object.entries(mod).filter((e): e is [string, Messages] => isTree(e[1]) && isTree(e[1].en) && isTree(e[1].zh))
}

describe('react-admin in Chinese (ra-zh.ts)', () => {
  it('has every key of ra-language-english and no other, placeholders and plural forms kept', () => {
    expect(compare(englishMessages as unknown as Tree, raChinese)).toEqual([])
  })

  it('is translated: no English sentence left', () => {
    const en = leaves(englishMessages as unknown as Tree)
    const same = [...leaves(raChinese)].filter(
      ([k, v]) => typeof v === 'string' && /[A-Za-z]{3,}/.test(v.replace(/%\{[A-Za-z_]+\}/g, '')) && en.get(k) === v,
    )
    expect(same).toEqual([])
  })

  it('the compare sees a missing key, an extra one, a lost placeholder and a lost plural form', () => {
    const en = { a: { b: 'Go to page %{page}', c: 'one |||| %{smart_count} many', d: 'x' } }
    const zh = { a: { b: '转到第几页', c: '一项 |||| %{smart_count} 项 |||| 多项', e: 'y' } }
    expect(compare(en, zh)).toEqual([
      'zh lacks a.d',
      'en lacks a.e',
      'a.b: placeholders %{page} / -',
      'a.b: placeholders %{page} / - (all forms)',
      'a.c: placeholders %{smart_count} / -',
      'a.c: 2 plural forms in en, 3 in zh',
    ])
    expect(compare(en, { a: { b: '第 %{page} 页', c: '%{smart_count} 项', d: 'x' } })).toEqual([])
  })
})

describe("the console's messages: English and Chinese alike", () => {
  const files = messageFiles()

  it('finds the message files (console.ts and the screens)', () => {
    expect(files.map((f) => path.relative(ADMIN_SRC, f))).toEqual(
      expect.arrayContaining(['i18n/console.ts', 'domains/account/ship-tos/messages.ts']),
    )
  })

  it.each(files.map((f) => [path.relative(ADMIN_SRC, f), f]))('%s', (_name, file) => {
    const parts = partsOf(file)
    expect(parts.length).toBeGreaterThan(0)
    for (const [name, m] of parts) expect({ [name]: compare(m.en, m.zh) }).toEqual({ [name]: [] })
  })

  it('the parts merge without a key given twice, and the whole has the same keys in both languages', () => {
    const parts = files.flatMap(partsOf).map(([, m]) => m)
    const en = mergeMessages(englishMessages as unknown as Tree, ...parts.map((m) => m.en))
    const zh = mergeMessages(raChinese, ...parts.map((m) => m.zh))
    expect(compare(en, zh)).toEqual([])
  })
})
