/**
 * A webpack plugin for the H5 build: puts V8's explicit compile hint, the comment
 * `//# allFunctionsCalledOnLoad` (Chrome 136 and later; any other engine reads a comment), on the first
 * line of the entry's scripts. Nearly every function in them runs while the app starts (the module
 * factories, React's and Taro's start-up), and V8 otherwise compiles each one lazily, on the main
 * thread, the first time it is called: about a third of the entry's evaluation task in a Lighthouse
 * trace. With the hint V8 compiles them eagerly while the script streams in, on a background thread.
 * Added after minification (which would drop the comment) and before the content hashes.
 */
const HINT = '//# allFunctionsCalledOnLoad\n'

class H5CompileHintsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack
    compiler.hooks.thisCompilation.tap('H5CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'H5CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING },
        () => {
          const entry = compilation.entrypoints.get('app')
          for (const file of entry ? entry.getFiles() : []) {
            if (file.endsWith('.js')) compilation.updateAsset(file, (old) => new sources.ConcatSource(HINT, old))
          }
        },
      )
    })
  }
}

module.exports = H5CompileHintsPlugin
