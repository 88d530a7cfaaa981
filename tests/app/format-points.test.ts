import fs from 'node:fs'
import path from 'node:path'
import { formatPoints } from '../../src/rules/format'

/**
 * Issue 22 item 14: "My points: 31326" without grouping, beside "35,256" on the gift centre. One points
 * formatter (src/rules/format.ts formatPoints) for every points figure the app shows.
 */
describe('points (one formatter)', () => {
  it('groups thousands as prices are, and signs a history entry', () => {
    expect(formatPoints(31326)).toBe('31,326')
    expect(formatPoints(1234567)).toBe('1,234,567')
    expect(formatPoints(999)).toBe('999')
    expect(formatPoints(0)).toBe('0')
    expect(formatPoints(-4800)).toBe('-4,800')
    expect(formatPoints(1200, { signed: true })).toBe('+1,200')
    expect(formatPoints(-1200, { signed: true })).toBe('-1,200')
    expect(formatPoints(0, { signed: true })).toBe('0')
  })

  it('every points figure on a screen goes through it: no screen formats numbers itself, no raw points param', () => {
    const SRC = path.join(__dirname, '..', '..', 'src')
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
        )
    const offenders: string[] = []
    for (const f of [
      ...files(path.join(SRC, 'packages')),
      ...files(path.join(SRC, 'pages')),
      ...files(path.join(SRC, 'components')),
    ]) {
      fs.readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const where = `${path.relative(SRC, f)}:${i + 1}`
          if (/toLocaleString\(/.test(line) && !/MAJOR_PER_POINT/.test(line)) offenders.push(`${where} toLocaleString`)
          // a message's {points} / {balance} / {need} filled with anything but formatPoints(...)
          if (/\bt\(/.test(line))
            for (const m of line.matchAll(/\b(points|balance|need): (?!formatPoints\()([^,})]+)/g))
              offenders.push(`${where} ${m[0]}`)
        })
    }
    expect(offenders).toEqual([])
  })
})
