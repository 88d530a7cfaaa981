import fs from 'node:fs'
import path from 'node:path'

/**
 * Issue 22 item 24: Home had text under 12 CSS px (the banner subtitle 11.96 px, the price type 10.4 px).
 * Taro turns design px (750 wide) into rem with a root of 40 × width / 750, never under 20 px
 * (config: webpack5-runner's minRootSize), so 24 design px is at least 12 CSS px on any phone. The type
 * scale's floor is 24 and no stylesheet of the tab pages or the shared components sets a smaller size
 * (literal or token). The e2e layer measures Home itself (tests/e2e/a11y.e2e.test.ts).
 */
const SRC = path.join(__dirname, '../../src')
const MIN = 24

function tokens(): Map<string, number> {
  const text = fs.readFileSync(path.join(SRC, 'styles/tokens.scss'), 'utf8')
  const out = new Map<string, number>()
  for (const [, name, value] of text.matchAll(/^\$(font-[\w-]+):\s*([^;]+);/gm)) {
    const px = value.match(/^(\d+(?:\.\d+)?)px$/)
    if (px) out.set(name, Number(px[1]))
    else if (value.startsWith('$') && out.has(value.slice(1))) out.set(name, out.get(value.slice(1))!)
  }
  return out
}

function scssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? scssFiles(p) : e.name.endsWith('.scss') ? [p] : []
  })
}

describe('type scale: nothing under 12 CSS px', () => {
  it(`every font size token is at least ${MIN} design px`, () => {
    const t = tokens()
    expect(t.size).toBeGreaterThan(5)
    const small = [...t].filter(([, px]) => px < MIN).map(([n, px]) => `$${n}: ${px}px`)
    expect(small).toEqual([])
  })

  it(`no font-size under ${MIN} design px in the tab pages, the shared components and the mixins`, () => {
    const t = tokens()
    const offenders: string[] = []
    for (const file of [
      ...scssFiles(path.join(SRC, 'pages')),
      ...scssFiles(path.join(SRC, 'components')),
      path.join(SRC, 'styles/mixins.scss'),
    ]) {
      const lines = fs.readFileSync(file, 'utf8').split('\n')
      lines.forEach((line, i) => {
        for (const [, value] of line.matchAll(/font-size:\s*([^;}]+)/g)) {
          const v = value.trim()
          const px = v.match(/^(\d+(?:\.\d+)?)px$/)
          const size = px ? Number(px[1]) : v.startsWith('$') ? t.get(v.slice(1)) : undefined
          if (size !== undefined && size < MIN) offenders.push(`${path.relative(SRC, file)}:${i + 1} ${v}`)
        }
      })
    }
    expect(offenders).toEqual([])
  })
})
