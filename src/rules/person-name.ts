/**
 * How a person's name reads (the greeting on My, the chat payload's name).
 * Issue 8: "Chinese names read family name first, without a space" (王小明, not "小明 王"); other
 * names read "first last". A name with a Chinese character in either part counts as Chinese.
 */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/

export function displayName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const f = (firstName ?? '').trim()
  const l = (lastName ?? '').trim()
  if (CJK.test(f) || CJK.test(l)) return `${l}${f}`
  return [f, l].filter(Boolean).join(' ')
}
