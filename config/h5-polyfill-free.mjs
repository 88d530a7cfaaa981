// H5 build only (config/index.ts aliases `whatwg-fetch` here): every browser of the H5 browserslist
// (Chrome >= 64, iOS Safari >= 12) has fetch, so @tarojs/taro-h5's side-effect import of the fetch
// polyfill (~18 KB raw, in the entry) is nothing but bytes. (The AbortController polyfill stays:
// Chrome 64-65 and iOS 12.0 lack AbortController, and Taro.request uses one for every timeout.)
export {}
