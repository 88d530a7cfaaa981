/**
 * Tables that keep a text in both languages have a pair of columns, `title_en` and `title_zh`. A query selects
 * the one of the request's language under the plain name: `c.title_en as title` in English, `c.title_zh as title`
 * otherwise.
 */
export type LanguageColumn<Prefix extends string, Name extends string> = {
  [N in Name]: `${Prefix}${N}_en as ${N}` | `${Prefix}${N}_zh as ${N}`
}[Name]

/** The selections of `names` in `lang`, each column behind `prefix` (a table alias and a dot, or ''). */
export function languageColumns<Prefix extends string, Name extends string>(
  lang: 'en' | 'zh',
  prefix: Prefix,
  names: readonly Name[],
): LanguageColumn<Prefix, Name>[] {
  return names.map((n) => `${prefix}${n}_${lang} as ${n}` as LanguageColumn<Prefix, Name>)
}
