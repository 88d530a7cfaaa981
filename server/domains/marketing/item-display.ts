import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import {
  CONTENT_TYPE_LABELS,
  PROMOTION_LABEL,
  contentByIds,
  contentLink,
  isContentId,
  productsByCatalogNumber,
  promotionsByIds,
  type AppLink,
  type Lang,
} from './resolve'

/**
 * What a list of saved or visited items shows of each (the wishlist and the browsing history of the engagement
 * routes): a product by its catalogue number, a content item or a promotion by its id.
 */

const CATALOG_NUMBER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/

export interface ItemDisplay {
  title: string
  subtitle: string
  image: string | null
  link: AppLink
}

export type ItemKind = 'product' | 'content'

/** Display data for catalogue numbers (product) or content / promotion ids (content), in the request language. */
export async function resolveItems(
  db: Kysely<DB>,
  kind: ItemKind,
  ids: string[],
  lang: Lang,
): Promise<Map<string, ItemDisplay & { contentType?: string; isVm?: boolean; published?: boolean }>> {
  const out = new Map<string, ItemDisplay & { contentType?: string; isVm?: boolean; published?: boolean }>()
  if (kind === 'product') {
    const products = await productsByCatalogNumber(
      db,
      ids.filter((id) => CATALOG_NUMBER.test(id)),
      lang,
    )
    for (const [k, p] of products)
      out.set(k, { title: p.title, subtitle: `${p.catalogNumber} · ${p.size}`, image: p.image, link: p.link })
    return out
  }
  const [content, promos] = await Promise.all([
    contentByIds(db, ids.filter(isContentId), lang),
    promotionsByIds(
      db,
      ids.filter((id) => !isContentId(id)),
      lang,
    ),
  ])
  for (const [k, c] of content) {
    out.set(k, {
      title: c.card.title,
      subtitle: `${CONTENT_TYPE_LABELS[c.card.contentType][lang]} · ${c.articleLabel}`,
      image: c.card.coverImage,
      link: contentLink(k),
      contentType: c.card.contentType,
      isVm: c.isVm,
      published: c.published,
    })
  }
  for (const [k, p] of promos) {
    out.set(k, {
      title: p.title,
      subtitle: `${PROMOTION_LABEL[lang]} · ${p.startDate.slice(0, 10)} – ${p.endDate.slice(0, 10)}`,
      image: p.bannerImage,
      link: p.link,
      contentType: 'promotion',
      published: true,
    })
  }
  return out
}

/** resolveItems of a mix of products and content: one look-up of each kind (at once), the answers by kind. */
export async function resolveByKind(db: Kysely<DB>, items: { kind: ItemKind; id: string }[], lang: Lang) {
  const [product, content] = await Promise.all(
    (['product', 'content'] as const).map((kind) =>
      resolveItems(
        db,
        kind,
        items.filter((i) => i.kind === kind).map((i) => i.id),
        lang,
      ),
    ),
  )
  return { product, content }
}
