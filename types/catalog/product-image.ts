/**
 * Spec section 3: "image: path gets a -150.jpg or -650.jpg suffix, with a placeholder when absent".
 * 150 is the thumbnail (lists, chat card), 650 the product page.
 */
export type ImageSize = 150 | 650

export const PLACEHOLDER_IMAGE = '/media/placeholder.svg'

export function productImageUrl(path: string | null | undefined, size: ImageSize, base = ''): string {
  const p = (path ?? '').trim()
  if (!p) return `${base}${PLACEHOLDER_IMAGE}`
  const stem = p.replace(/-(150|650)\.jpg$/i, '').replace(/\.jpg$/i, '')
  const url = `${stem}-${size}.jpg`
  return /^https?:\/\//.test(url) ? url : `${base}${url}`
}
