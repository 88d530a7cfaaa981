/** Sizes of the built mini-program's packages (dist/weapp), as WeChat counts them (no source maps). */
const fs = require('node:fs')
const path = require('node:path')

function dirSize(dir, skip = () => false) {
  let total = 0
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (skip(p)) continue
    total += e.isDirectory() ? dirSize(p, skip) : fs.statSync(p).size
  }
  return total
}

/** { main, subpackages: [{ root, pages, size }], total } in bytes */
function weappPackageSizes(dist) {
  const app = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))
  const isMap = (p) => p.endsWith('.map')
  const subRoots = app.subPackages.map((s) => path.join(dist, s.root))
  return {
    main: dirSize(dist, (p) => subRoots.includes(p) || isMap(p)),
    subpackages: app.subPackages.map((s) => ({
      root: s.root,
      pages: s.pages.length,
      size: dirSize(path.join(dist, s.root), isMap),
    })),
    total: dirSize(dist, isMap),
  }
}

module.exports = { dirSize, weappPackageSizes }
