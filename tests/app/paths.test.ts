import { commentMentions, markdownMentions, missingPaths } from '../support/repo-paths'

/**
 * Every repo path named in README.md, the docs folder and the comments of the code exists (what counts as a
 * path: tests/support/repo-paths.ts). A moved file takes its mentions with it.
 */
describe('named repo paths exist', () => {
  it('README.md, docs/ and code comments name no missing path', () => {
    expect(missingPaths()).toEqual([])
  })

  it('the check sees a missing path when there is one (it is not blind)', () => {
    // two files that are not on disk (nothing is written under the repo): a page of docs/ and a module of src/platform/
    const md = 'docs/__sample__.md'
    const code = 'src/platform/__sample__.ts'
    const text: Record<string, string> = {
      [md]: [
        'Rooted: `server/db/startup.ts`, `server/gone/away.ts`, `types/{domains,nowhere}.ts`, folder `src/platform/`.',
        'Skipped: `server/domains/<domain>/`, `tests/server/*.test.ts`, `../shared/spec/storefront-spec.md`.',
        'Links: [index](README.md), [gone](gone.md), [web](https://example.com/a/b.md).',
      ].join('\n'),
      [code]: [
        '// see ./storage.ts, ../styles/tokens.scss, platform/navigation (a module), store/gone.h5.ts and ./gone-too',
        "const s = '// store/not-a-comment.ts'",
        '/* src/rules/also-gone.ts, dist/h5/index.html (a build output), lodash-es/lodash.js (a package), src/alt */',
        'export default s',
      ].join('\n'),
    }
    const mentions = [...markdownMentions(md, text[md]), ...commentMentions(code, text[code])]
    expect(mentions.map((m) => `${m.file}:${m.line} ${m.token}`)).toEqual([
      `${md}:1 server/db/startup.ts`,
      `${md}:1 server/gone/away.ts`,
      `${md}:1 types/{domains,nowhere}.ts`,
      `${md}:1 src/platform/`,
      `${md}:3 docs/README.md`,
      `${md}:3 docs/gone.md`,
      `${code}:1 ./storage.ts`,
      `${code}:1 ../styles/tokens.scss`,
      `${code}:1 platform/navigation`,
      `${code}:1 store/gone.h5.ts`,
      `${code}:1 ./gone-too`,
      `${code}:3 src/rules/also-gone.ts`,
    ])
    expect(missingPaths({ docs: [md], code: [code] }, (f) => text[f])).toEqual([
      `${md}:1 server/gone/away.ts`,
      `${md}:1 types/{domains,nowhere}.ts`,
      `${md}:3 docs/gone.md`,
      `${code}:1 store/gone.h5.ts`,
      `${code}:1 ./gone-too`,
      `${code}:3 src/rules/also-gone.ts`,
    ])
  })
})
