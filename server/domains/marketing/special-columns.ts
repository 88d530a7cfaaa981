import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { SpecialColumn } from '../../../types'
import { bannerColumns } from '../../../types/marketing/home'
import { iso, promotionColumns, promotionLink } from './resolve'
import { languageColumns } from '../../lib/language-columns'

/**
 * Home's special columns in the order the app shows them (spec section 2, Home): banners, then the running
 * promotions, the flash-sale entry, the learning columns; only those running now.
 */
export async function specialColumns(db: Kysely<DB>, lang: 'en' | 'zh', now = new Date()): Promise<SpecialColumn[]> {
  const [columns, promos] = await Promise.all([
    db
      .selectFrom('special_columns')
      .select([
        'id',
        'kind',
        'image',
        'link_route',
        'link_params',
        'start_at',
        'end_at',
        'sort_order',
        ...languageColumns(lang, '', ['title', 'subtitle']),
      ])
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .orderBy('sort_order')
      .execute(),
    db
      .selectFrom('promotions')
      .select(promotionColumns(lang))
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .orderBy('sort_order')
      .execute(),
  ])
  const toColumn = (c: (typeof columns)[number]): SpecialColumn => ({
    id: c.id,
    kind: c.kind,
    title: c.title,
    subtitle: c.subtitle,
    image: c.image,
    link: {
      route: c.link_route,
      params: typeof c.link_params === 'string' ? JSON.parse(c.link_params) : c.link_params,
    },
    startDate: iso(c.start_at),
    endDate: iso(c.end_at),
  })
  const promotionEntries: SpecialColumn[] = promos.map((p) => ({
    id: `PROMO-${p.id}`,
    kind: 'promotion',
    title: p.title,
    subtitle: p.summary,
    image: p.banner_image,
    link: promotionLink(p),
    startDate: iso(p.start_at),
    endDate: iso(p.end_at),
  }))
  const of = (kind: SpecialColumn['kind']) => columns.filter((c) => c.kind === kind).map(toColumn)
  const data: SpecialColumn[] = [...of('banner'), ...promotionEntries, ...of('flash-sale'), ...of('learning')]
  return data
}

/**
 * The picture of Home's first banner (the first screen's largest element, its LCP), or null when that
 * banner has none. The carousel's columns are types/marketing/home.ts bannerColumns, as in the app.
 */
export async function firstBannerImage(db: Kysely<DB>): Promise<string | null> {
  const [first] = bannerColumns(await specialColumns(db, 'en'))
  return first?.image ?? null
}
