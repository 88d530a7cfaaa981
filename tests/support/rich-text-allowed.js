/**
 * What the client's rich-text allow-list lets reach the view (the tags and attributes), written out in the tests
 * apart from the app's own list: tests/app/product-rich-text.test.ts checks the parser against it, and
 * tests/weapp/product-page.test.js the nodes the compiled mini-program hands to the native rich-text.
 */
const ALLOWED_TAGS = [
  'p',
  'div',
  'span',
  'br',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'hr',
  'img',
]
const ALLOWED_ATTRIBUTES = ['style', 'src', 'alt', 'colspan', 'rowspan']

module.exports = { ALLOWED_TAGS, ALLOWED_ATTRIBUTES }
