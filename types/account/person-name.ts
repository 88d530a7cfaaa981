/**
 * How a person's name reads, for the app and the server alike (the greeting on My, the chat payload's
 * name, the invited list). Issue 8: "Chinese names read family name first, without a space" (王小明, not
 * "小明 王"); other names read "first last". A name with a Chinese character in either part counts as Chinese.
 */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/

export const isChineseName = (firstName: string | null | undefined, lastName: string | null | undefined) =>
  CJK.test(firstName ?? '') || CJK.test(lastName ?? '')

export function displayName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const f = (firstName ?? '').trim()
  const l = (lastName ?? '').trim()
  if (isChineseName(f, l)) return `${l}${f}`
  return [f, l].filter(Boolean).join(' ')
}

/**
 * A member's name as other members see it (the invited list, the interaction history). Issue 22: "洋***刘"
 * — the name was written "first last" and its two characters both shown. A Chinese name keeps its family
 * name first and masks every character of the given name (刘洋 → 刘*, 欧阳娜娜 → 欧阳**); other names keep
 * their first and last letters around three stars (Lin Chen → L***n). A name of one or two characters never
 * shows whole: its first character and a star.
 */
export function maskedName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const f = (firstName ?? '').trim()
  const l = (lastName ?? '').trim()
  if (isChineseName(f, l)) {
    const family = Array.from(l)
    const given = Array.from(f)
    if (family.length && given.length) return `${l}${'*'.repeat(given.length)}`
    const only = family.length ? family : given
    return only.length ? `${only[0]}${'*'.repeat(Math.max(1, only.length - 1))}` : '***'
  }
  const chars = Array.from(displayName(f, l))
  if (!chars.length) return '***'
  if (chars.length <= 2) return `${chars[0]}*`
  return `${chars[0]}***${chars[chars.length - 1]}`
}
