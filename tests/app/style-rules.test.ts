import fs from 'node:fs'
import path from 'node:path'

/**
 * Issue 22 item 10: addresses broke mid-word on the checkout card ("Buildin g", "Karnat aka", "4 02 室")
 * because the card's value used `word-break: break-all`, and long totals crowded the order-history rows.
 * The one rule is the `wrap-words` mixin (src/styles/mixins.scss): break between words, and inside a word
 * only when that word alone is wider than its box. The e2e layer measures the lines (polish.e2e.test.ts).
 */
const SRC = path.join(__dirname, '..', '..', 'src')
const styles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? styles(path.join(dir, e.name)) : e.name.endsWith('.scss') ? [path.join(dir, e.name)] : [],
    )
const read = (rel: string) => fs.readFileSync(path.join(SRC, rel), 'utf8')
/** the declarations of one BEM block element (`&__name { ... }`), flat */
const element = (scss: string, name: string) => scss.match(new RegExp(`&__${name}\\s*\\{([^}]*)\\}`))?.[1] ?? ''

describe('text wraps between words (issue 22 item 10)', () => {
  it('no stylesheet breaks words anywhere (word-break: break-all)', () => {
    const offenders = styles(SRC).filter((f) => /word-break:\s*break-all/.test(fs.readFileSync(f, 'utf8')))
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([])
  })
  it('the wrap-words mixin breaks inside a word only when it alone overflows', () => {
    const mixin = read('styles/mixins.scss').match(/@mixin wrap-words\s*\{([^}]*)\}/)?.[1] ?? ''
    expect(mixin).toMatch(/word-break:\s*normal/)
    expect(mixin).toMatch(/overflow-wrap:\s*anywhere/)
  })
  it('the address card (checkout, flash-buy submit, ship-to list) wraps its values between words', () => {
    expect(element(read('components/account/address-card/index.scss'), 'value')).toMatch(/@include wrap-words/)
  })
  it('an order-history row lets the total keep its line: it wraps under the thumbnails instead of crowding them', () => {
    const scss = read('packages/order/order-history/index.scss')
    expect(element(scss, 'foot')).toMatch(/flex-wrap:\s*wrap/)
    expect(element(scss, 'total-value')).toMatch(/white-space:\s*nowrap/)
    expect(element(scss, 'total')).toMatch(/margin-left:\s*auto/)
  })
})

describe('buttons side by side have one height (issue 22: "Log in and Register buttons at different heights")', () => {
  it('Log in, Register and WeChat share one box: the border inside the height, each with a border of the same width', () => {
    const scss = read('components/auth/login-buttons/index.scss')
    const shared = scss.match(/&__login,\s*&__register,\s*&__wechat\s*\{([^}]*)\}/)?.[1] ?? ''
    expect(shared).toMatch(/box-sizing:\s*border-box/)
    expect(shared).toMatch(/border:\s*2px solid/)
    expect(shared).toMatch(/height:\s*84px/)
    // no button sets its own border width or height after the shared box
    for (const name of ['login', 'register', 'wechat']) {
      const own = [...scss.split('&--compact')[0].matchAll(new RegExp(`&__${name}\\s*\\{([^}]*)\\}`, 'g'))]
        .filter((m) => !/box-sizing/.test(m[1]))
        .map((m) => m[1])
        .join('\n')
      expect([name, /border:|border-width|height:/.test(own)]).toEqual([name, false])
    }
  })
})
