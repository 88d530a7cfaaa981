// H5 build only (config/index.ts aliases `jsonp-retry` here): Taro.request loads a JSONP client for
// its `jsonp` option, which this app never passes (src/api/client.ts is the only caller, plain fetch).
// ~12 KB raw of the entry; a call with `jsonp` now fails loudly instead of loading script tags.
export default function jsonpUnsupported() {
  return Promise.reject(new Error('Taro.request({ jsonp }) is not built into this app'))
}
