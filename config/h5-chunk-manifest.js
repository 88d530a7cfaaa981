/**
 * A webpack plugin for the H5 build: writes chunk-manifest.json into the output folder, naming the JS
 * and CSS files the browser needs on the first load of each page: the entry files (the scripts of
 * index.html), per language the catalogue chunk the entry awaits before the app starts, and, per Taro page, the files of the async chunk group its route imports. The size
 * budget test (tests/build/h5-budget.test.ts) and the first-load bench read it, so neither has to guess
 * from hashed file names.
 *
 * With H5_STATS=<file> it also writes the module sizes of every chunk there (bundle analysis without
 * webpack-bundle-analyzer, which this repo does not install).
 */
const fs = require('node:fs')
const path = require('node:path')

const PAGE = /(pages|packages)[\\/].+[\\/]index(\.tsx?)?$/
const LANGUAGE = /i18n\/(en|zh)$/

class H5ChunkManifestPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('H5ChunkManifestPlugin', (compilation) => {
      const files = (group) => [...new Set(group.getFiles())].filter((f) => /\.(js|css)$/.test(f)).sort()
      const entry = compilation.entrypoints.get('app')
      const pages = {}
      const languages = {}
      for (const group of compilation.chunkGroups) {
        if (group === entry) continue
        for (const origin of group.origins) {
          const req = origin.request && origin.request.replace(/\\/g, '/')
          // the language catalogues (store/catalogues.h5.ts): the active one is part of every first load
          const lang = req && req.match(LANGUAGE)
          if (lang) languages[lang[1]] = files(group)
          if (!req || !PAGE.test(req)) continue
          const m = req.match(/((?:pages|packages)\/.+\/index)/)
          // the same page may be imported from several places: keep the union
          pages[m[1]] = [...new Set([...(pages[m[1]] || []), ...files(group)])].sort()
        }
      }
      const manifest = { entry: entry ? files(entry) : [], languages, pages }
      const out = compiler.options.output.path
      fs.writeFileSync(path.join(out, 'chunk-manifest.json'), JSON.stringify(manifest, null, 1))
      if (process.env.H5_STATS) writeStats(compilation, process.env.H5_STATS)
    })
  }
}

function writeStats(compilation, file) {
  const chunks = []
  for (const chunk of compilation.chunks) {
    const modules = []
    for (const m of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      modules.push({ name: m.readableIdentifier(compilation.requestShortener), size: m.size() })
    }
    modules.sort((a, b) => b.size - a.size)
    chunks.push({
      id: chunk.id,
      names: [...(chunk.name ? [chunk.name] : [])],
      files: [...chunk.files],
      initial: chunk.canBeInitial(),
      modules,
    })
  }
  fs.writeFileSync(path.resolve(file), JSON.stringify(chunks, null, 1))
}

module.exports = H5ChunkManifestPlugin
