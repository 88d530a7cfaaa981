import fs from 'node:fs'
import path from 'node:path'

/**
 * Issue 22 item 24: no page had a meta description (Lighthouse SEO 91: "Document does not have a meta
 * description"). index.html, which the server sends for every address (server/h5-index.ts), carries one
 * in both of the store's languages: crawlers and link previews read the HTML as served, before any script.
 */
describe('meta description', () => {
  const html = fs.readFileSync(path.join(__dirname, '../../src/index.html'), 'utf8')
  const m = html.match(/<meta\s+name="description"\s+content="([^"]+)"/)

  it('index.html (the H5 template every page is served from) has one description', () => {
    expect(m).not.toBeNull()
    expect(html.match(/<meta\s+name="description"/g)!.length).toBe(1)
  })

  it('it says what the store is in English and in Chinese, at a length search engines show (50 to 300 characters)', () => {
    const text = m![1].trim()
    expect(text.length).toBeGreaterThanOrEqual(50)
    expect(text.length).toBeLessThanOrEqual(300)
    expect(text).toMatch(/antibodies/i)
    expect(text).toMatch(/抗体/)
  })
})
