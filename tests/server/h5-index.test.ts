/**
 * index.html per address (server/h5-index.ts): preloads of the page's chunks and of the language
 * catalogue the H5 entry awaits before the app starts, the language guessed from Accept-Language.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { h5IndexHtml, guessLanguage } from '../../server/h5-index'

test('the language guess follows the first Accept-Language tag, Chinese when there is none (as the app does)', () => {
  assert.equal(guessLanguage('zh-CN,zh;q=0.9,en;q=0.8'), 'zh')
  assert.equal(guessLanguage('zh-TW'), 'zh')
  assert.equal(guessLanguage('en-US,en;q=0.9,zh;q=0.5'), 'en')
  assert.equal(guessLanguage('fr'), 'en')
  assert.equal(guessLanguage(undefined), 'zh')
  assert.equal(guessLanguage(''), 'zh')
})

test('Home\'s index.html preloads its page chunks and the catalogue of the guessed language, not the entry again', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-index-'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<html><head><script src="/js/app.js"></script></head><body></body></html>')
  fs.writeFileSync(path.join(dir, 'chunk-manifest.json'), JSON.stringify({
    entry: ['js/app.js'],
    languages: { en: ['js/i18n-en.js'], zh: ['js/i18n-zh.js'] },
    pages: { 'pages/home/index': ['js/app.js', 'js/home.js', 'css/home.css'] }
  }))
  const index = h5IndexHtml(dir)
  const zh = index('/home', 'zh-CN')
  assert.match(zh, /<link rel="preload" href="\/js\/i18n-zh.js" as="script">/)
  assert.match(zh, /<link rel="preload" href="\/js\/home.js" as="script">/)
  assert.match(zh, /<link rel="preload" href="\/css\/home.css" as="style">/)
  assert.doesNotMatch(zh, /i18n-en/)
  assert.doesNotMatch(zh, /rel="preload" href="\/js\/app.js"/)
  const en = index('/home', 'en-US')
  assert.match(en, /i18n-en.js/)
  assert.doesNotMatch(en, /i18n-zh/)
  // an address that opens no page: index.html as built
  assert.equal(index('/no-such-page/x', 'en'), fs.readFileSync(path.join(dir, 'index.html'), 'utf8'))
})
