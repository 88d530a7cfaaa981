import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * Finds the repo paths named in the documentation (README.md and the docs folder) and in code comments, and the
 * ones that do not exist. Used by tests/app/paths.test.ts.
 *
 * What counts as a repo path:
 * - a token starting with a top folder of the repo (src, server, types, tests, scripts, config, docs, bench, .ci,
 *   then a slash): it must exist as a file or folder, or as a module (an import-style name without its extension,
 *   `.h5`/`.weapp` flavours included);
 * - in a comment, a name starting with `./` or `../`: resolved against the file's folder;
 * - in a comment, a relative name with a slash and a source extension (`<folder>/<name>.ts`) or starting with a
 *   folder of src/ (`platform/<name>`): it must resolve against the file's folder, one of its parents, or src/;
 * - in Markdown, a relative link target (`[Login](<name>.md)`).
 * Not repo paths: build outputs (dist, artifacts …), files of packages, the workspace beside the repo (`../shared`).
 * Tokens with a placeholder or a glob (`<domain>`, `*`, `$x`, `[id]`, `…`) are skipped; `{a,b}` is expanded.
 */
export const ROOT = path.resolve(__dirname, '../..')

const TOP = ['src', 'server', 'types', 'tests', 'scripts', 'config', 'docs', 'bench', '.ci']
const COMMENTED = ['src', 'server', 'types', 'tests', 'scripts', 'config', 'bench']
const CODE = /\.(ts|tsx|js|mjs|cjs|scss)$/
const EXT = /\.(ts|tsx|js|jsx|mjs|cjs|scss|css|json|md|html|sh|sql|yml|yaml)$/
const MODULE_EXTS = [
  '',
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.h5.ts',
  '.h5.tsx',
  '.weapp.ts',
  '.weapp.tsx',
  '.scss',
  '.json',
]
const SRC_FOLDERS = fs
  .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
/** Folders the build and the tests write (.gitignore): named in comments, never in the repo. */
const OUTPUTS = ['dist', 'artifacts', '.data', 'coverage', 'node_modules']
/** Package names (`lodash-es`, and `taro-loader` of `@tarojs/taro-loader`): `<package>/lib/<name>.js` is a package's file. */
const PACKAGES = new Set(
  fs
    .readdirSync(path.join(ROOT, 'node_modules'))
    .flatMap((n) => (n.startsWith('@') ? fs.readdirSync(path.join(ROOT, 'node_modules', n)) : [n])),
)

export interface Mention {
  file: string
  line: number
  token: string
}

function walk(dir: string, keep: (f: string) => boolean): string[] {
  const abs = path.join(ROOT, dir)
  if (!fs.existsSync(abs)) return []
  const out: string[] = []
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') out.push(...walk(rel, keep))
    } else if (keep(rel)) out.push(rel)
  }
  return out
}

/** The comments of a TS/JS file, each with the offset it starts at (the parser's own tokens, so strings, regexes and JSX text are not mistaken for comments). */
export function scriptComments(file: string, text: string): { at: number; text: string }[] {
  const kind = /\.tsx$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.(js|mjs|cjs|jsx)$/.test(file)
      ? ts.ScriptKind.JSX
      : ts.ScriptKind.TS
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const seen = new Map<number, string>()
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end))
  }
  const visit = (n: ts.Node) => {
    if (n.kind === ts.SyntaxKind.JsxText) return
    const children = n.getChildren(sf)
    if (children.length === 0) {
      take(ts.getLeadingCommentRanges(text, n.pos))
      take(ts.getTrailingCommentRanges(text, n.end))
    } else children.forEach(visit)
  }
  visit(sf)
  take(ts.getLeadingCommentRanges(text, 0))
  return [...seen].map(([at, t]) => ({ at, text: t }))
}

/** The comments of an SCSS file: `//` to the end of the line and `/* … *\/`, outside strings and url(…). */
export function scssComments(text: string): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1)
      i = end < 0 ? text.length : end + 1
    } else if (text.startsWith('url(', i)) {
      const end = text.indexOf(')', i)
      i = end < 0 ? text.length : end + 1
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i)
      const e = end < 0 ? text.length : end
      out.push({ at: i, text: text.slice(i, e) })
      i = e
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2)
      const e = end < 0 ? text.length : end + 2
      out.push({ at: i, text: text.slice(i, e) })
      i = e
    } else i++
  }
  return out
}

const SEG = String.raw`(?:[\w.\-*<>$\[\]…]|\{[^}\s/]*\})+`
const TOKEN = new RegExp(
  String.raw`(?<![\w./@\-$~:])(?:(?:\.{1,2}/)+${SEG}(?:/${SEG})*/?|${SEG}(?:/${SEG})+/?|${SEG}/(?=[\s\`'")|,;:]|$))`,
  'g',
)

/** Path-like tokens of a text: any run of name characters with a slash in it (what it means is decided by `judge`). */
export function tokens(text: string): { at: number; token: string }[] {
  const out: { at: number; token: string }[] = []
  for (const m of text.matchAll(TOKEN)) {
    let t = m[0]
    while (/[.,:;]$/.test(t) && !/(^|\/)\.{1,2}$/.test(t)) t = t.slice(0, -1)
    out.push({ at: m.index!, token: t })
  }
  return out
}

function expand(token: string): string[] {
  const m = /\{([^}]*)\}/.exec(token)
  if (!m) return [token]
  return m[1].split(',').flatMap((alt) => expand(token.slice(0, m.index) + alt + token.slice(m.index + m[0].length)))
}

const exists = (abs: string) =>
  MODULE_EXTS.some((e) => fs.existsSync(abs + e)) ||
  ['/index.ts', '/index.tsx', '/index.js'].some((e) => fs.existsSync(abs + e))

/** Where a relative name may live, seen from `file`: its folder and every parent up to the repo, and src/. */
function bases(file: string): string[] {
  const out: string[] = []
  for (let d = path.posix.dirname(file); d !== '.'; d = path.posix.dirname(d)) out.push(d)
  return [...out, '.', 'src']
}

/**
 * Whether a token names a repo path that is missing: 'missing', 'ok', or 'skip' (not a repo path, or a
 * placeholder). `inComment`: relative names count too.
 */
export function judge(file: string, raw: string, inComment: boolean): 'missing' | 'ok' | 'skip' {
  if (/[<>*$[\]…]|\.\.\.|\/\//.test(raw)) return 'skip'
  const verdicts = expand(raw).map((token): 'missing' | 'ok' | 'skip' => {
    const first = token.split('/')[0]
    const slashes = token.replace(/\/$/, '').split('/').length - 1
    if (TOP.includes(first)) {
      // `src/alt` in prose is an image's two attributes: a rooted name counts with an extension, a trailing
      // slash or a folder below the top one (everywhere in Markdown)
      if (inComment && !EXT.test(token) && !token.endsWith('/') && slashes < 2) return 'skip'
      return exists(path.join(ROOT, token)) ? 'ok' : 'missing'
    }
    if (!inComment || OUTPUTS.includes(first) || (PACKAGES.has(first) && !SRC_FOLDERS.includes(first))) return 'skip'
    if (/^\.{1,2}\//.test(token)) {
      const abs = path.join(ROOT, path.posix.dirname(file), token)
      // `../shared/…`: the workspace beside the repo, not a repo path
      const outside = [abs, path.join(ROOT, token)].some((p) => path.relative(ROOT, p).startsWith('..'))
      return exists(abs) ? 'ok' : outside ? 'skip' : 'missing'
    }
    if (!EXT.test(token) && !SRC_FOLDERS.includes(first)) return 'skip'
    // a name starts with a letter or digit (`.ts/.js` is a pair of extensions)
    if (!/^\w[\w.-]*(\/[\w.-]+)+\/?$/.test(token)) return 'skip'
    return bases(file).some((b) => exists(path.join(ROOT, b, token))) ? 'ok' : 'missing'
  })
  return verdicts.includes('missing') ? 'missing' : verdicts.includes('ok') ? 'ok' : 'skip'
}

const lineAt = (text: string, at: number) => text.slice(0, at).split('\n').length

/** Paths named in a Markdown file: path tokens anywhere, and relative link targets. */
export function markdownMentions(file: string, text: string): Mention[] {
  const out: Mention[] = []
  for (const { at, token } of tokens(text))
    if (judge(file, token, false) !== 'skip') out.push({ file, line: lineAt(text, at), token })
  for (const m of text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)) {
    const target = m[1]
    if (/^[a-z]+:/.test(target)) continue
    const rel = path.posix.normalize(path.posix.join(path.posix.dirname(file), target))
    out.push({ file, line: lineAt(text, m.index!), token: rel })
  }
  return out
}

/** Paths named in the comments of a source file. */
export function commentMentions(file: string, text: string): Mention[] {
  const comments = file.endsWith('.scss') ? scssComments(text) : scriptComments(file, text)
  const out: Mention[] = []
  for (const c of comments) {
    for (const { at, token } of tokens(c.text)) {
      if (judge(file, token, true) !== 'skip') out.push({ file, line: lineAt(text, c.at + at), token })
    }
  }
  return out
}

export const documentationFiles = () => ['README.md', ...walk('docs', (f) => f.endsWith('.md'))]
export const commentedFiles = () => [
  ...COMMENTED.flatMap((d) => walk(d, (f) => CODE.test(f))),
  ...fs.readdirSync(ROOT).filter((f) => /\.(js|cjs|mjs)$/.test(f)),
]

const readFile = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8')

/** Every mention of a path that does not exist, as `file:line token` (`read`: a file's text by its repo path). */
export function missingPaths(
  files = { docs: documentationFiles(), code: commentedFiles() },
  read: (file: string) => string = readFile,
): string[] {
  const mentions = [
    ...files.docs.flatMap((f) => markdownMentions(f, read(f))),
    ...files.code.flatMap((f) => commentMentions(f, read(f))),
  ]
  return mentions
    .filter((m) =>
      m.file.endsWith('.md') && !TOP.includes(m.token.split('/')[0])
        ? !fs.existsSync(path.join(ROOT, m.token))
        : judge(m.file, m.token, !m.file.endsWith('.md')) === 'missing',
    )
    .map((m) => `${m.file}:${m.line} ${m.token}`)
}
