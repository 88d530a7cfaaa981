import type { Transaction } from 'kysely'
import { marketingAnchor } from './anchor'
import type { DB } from '../schema'
import type { WishlistItemTable } from '../schema-marketing'
import type { SeedContext } from './context'
import type { SeedProduct } from './catalog'
import { createRng, type Rng } from './prng'
import { DEMO_ACCOUNTS } from './accounts'
import { sanitizeRichHtml, htmlToText } from '../../lib/sanitize'
import { cleanTitle } from '../../../types/catalog/product-title'
import { specUrl } from '../../../types/routes'
import {
  ARTICLE_TYPES,
  AUTHORS,
  CONTENT_CATEGORIES,
  FAMILIES,
  HOSTILE_FRAGMENT_EN,
  HOSTILE_FRAGMENT_ZH,
  PROMOTIONS,
  TOPICS,
  type ArticleTypeValue,
  type FamilyDef,
  type PromotionDef,
  type Topic,
} from './marketing-content'

/** Tables this module fills (emptied first by `db:seed --reset`): every table of migration 0004. */
export { MARKETING_TABLES } from '../migrations/0004_marketing'

const DAY = 86_400_000
const HOUR = 3_600_000

export { marketingAnchor }

type Lang = 'en' | 'zh'
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

const L = {
  en: {
    materials: 'Materials',
    procedure: 'Procedure',
    tips: 'Tips from our application scientists',
    product: 'Product',
    catalogNumber: 'Catalogue number',
    size: 'Size',
    key: 'Key considerations',
    compare: 'At a glance',
    step: 'Step',
    recommendation: 'Recommendation',
    recommended: 'Recommended products',
    background: 'Background',
    methods: 'Methods',
    results: 'Results',
    conclusion: 'Conclusion',
    sample: 'Sample',
    cv: 'CV (%)',
    sn: 'Signal-to-noise',
    learn: 'What you will learn',
    agenda: 'Agenda',
    time: 'Time',
    session: 'Session',
    speaker: 'Speaker',
    challenges: 'The challenge',
    solution: 'Our solution',
    highlights: 'Highlights',
    popular: 'Popular products',
    offer: 'Offer details',
    terms: 'Terms and conditions',
    chapters: 'Video chapters',
    problems: 'Common problems',
    reference: 'Further reading',
    refText: 'NCBI Bookshelf: methods and protocols',
    viewPromo: 'See the promotion',
    figure: 'Featured product',
    contact: 'Contact online chat or your local representative for a quote.',
  },
  zh: {
    materials: '材料',
    procedure: '操作步骤',
    tips: '应用科学家建议',
    product: '产品',
    catalogNumber: '货号',
    size: '规格',
    key: '关键要点',
    compare: '要点一览',
    step: '步骤',
    recommendation: '建议',
    recommended: '推荐产品',
    background: '背景',
    methods: '方法',
    results: '结果',
    conclusion: '结论',
    sample: '样本',
    cv: '变异系数 (%)',
    sn: '信噪比',
    learn: '您将了解',
    agenda: '议程',
    time: '时间',
    session: '内容',
    speaker: '主讲人',
    challenges: '挑战',
    solution: '我们的方案',
    highlights: '亮点',
    popular: '热门产品',
    offer: '优惠详情',
    terms: '活动条款',
    chapters: '视频章节',
    problems: '常见问题',
    reference: '延伸阅读',
    refText: 'NCBI Bookshelf：方法与实验方案',
    viewPromo: '查看促销活动',
    figure: '精选产品',
    contact: '如需报价，请联系在线客服或当地销售代表。',
  },
} as const

const INTRO: Record<
  ArticleTypeValue,
  { en: (f: FamilyDef, t: string) => string; zh: (f: FamilyDef, t: string) => string }
> = {
  protocol: {
    en: (f) =>
      `This protocol describes ${f.en} as our application scientists run it, with the reagents we use, timings and practical tips.`,
    zh: (f) => `本方案介绍应用科学家实际使用的${f.zh}操作流程，包括所用试剂、时间安排和实用技巧。`,
  },
  'technical-guide': {
    en: (f) =>
      `A practical guide to the decisions that matter most in ${f.en}, from choosing reagents to reading the results.`,
    zh: (f) => `本指南介绍${f.zh}中最关键的决策，从试剂选择到结果判读。`,
  },
  'application-note': {
    en: (f) =>
      `We show how ${f.en} performs in a realistic research setting, with methods, representative data and conclusions.`,
    zh: (f) => `我们展示${f.zh}在真实科研场景中的表现，包括方法、代表性数据与结论。`,
  },
  webinar: {
    en: (f) => `Join our specialists for a live session on ${f.en}, followed by questions and answers.`,
    zh: (f) => `欢迎参加专家带来的${f.zh}在线讲座，讲座后设有问答环节。`,
  },
  'white-paper': {
    en: (f) => `This white paper reviews current practice in ${f.en} and the evidence behind our recommendations.`,
    zh: (f) => `本白皮书回顾${f.zh}的现行做法及我们建议背后的依据。`,
  },
  troubleshooting: {
    en: (f) => `Results not as expected? Work through the common causes of problems in ${f.en} step by step.`,
    zh: (f) => `结果不理想？按步骤排查${f.zh}中常见问题的原因。`,
  },
  'workflow-guide': {
    en: (f) => `An end-to-end ${f.en} workflow, with the product for each step so you can plan and order in one go.`,
    zh: (f) => `完整的${f.zh}工作流程，并列出每一步所需产品，方便一次性规划和订购。`,
  },
  'virtual-workflow': {
    en: (f) => `Watch the complete ${f.en} workflow at the bench, chapter by chapter, and order what you see.`,
    zh: (f) => `分章节观看${f.zh}的完整实验操作视频，并可直接订购视频中的产品。`,
  },
  'case-study': {
    en: (f) => `How one laboratory improved its ${f.en} results, and what others can learn from it.`,
    zh: (f) => `一个实验室如何改进${f.zh}结果，以及可供借鉴的经验。`,
  },
  'solution-brief': {
    en: (f) => `Reagents, consumables and instruments for ${f.en}, chosen for the way laboratories in this field work.`,
    zh: (f) => `为该领域实验室量身选择的${f.zh}试剂、耗材与仪器。`,
  },
  'brand-story': {
    en: (_f, t) =>
      `${t.split(':')[0]} products are developed and quality-controlled for reproducible results in everyday research.`,
    zh: (_f, t) => `${t.split('：')[0]} 产品经过严格开发与质控，助力日常科研获得可重复的结果。`,
  },
  campaign: {
    en: (f) => `A limited-time offer on ${f.en} products. Prices in your cart reflect the promotion automatically.`,
    zh: (f) => `${f.zh}相关产品限时优惠，购物车价格将自动体现优惠。`,
  },
  event: {
    en: (f) => `Meet our specialists and fellow researchers to discuss the latest in ${f.en}.`,
    zh: (f) => `与专家和同行交流${f.zh}的最新进展。`,
  },
  'new-product': {
    en: (f) => `Now available: a new addition to our ${f.en} range, designed with feedback from researchers.`,
    zh: (f) => `全新上市：根据科研人员反馈设计的${f.zh}新品。`,
  },
}

const SUMMARY: Record<ArticleTypeValue, { en: (f: FamilyDef) => string; zh: (f: FamilyDef) => string }> = {
  protocol: {
    en: (f) => `Step-by-step ${f.en} protocol with a reagent table, timings and tips.`,
    zh: (f) => `分步骤的${f.zh}实验方案，含试剂表、时间安排与技巧。`,
  },
  'technical-guide': {
    en: (f) => `Key decisions in ${f.en}, explained with clear recommendations.`,
    zh: (f) => `${f.zh}关键决策详解及明确建议。`,
  },
  'application-note': {
    en: (f) => `Methods and representative data for ${f.en}.`,
    zh: (f) => `${f.zh}的方法与代表性数据。`,
  },
  webinar: {
    en: (f) => `Live webinar on ${f.en} with Q&A; recording available on demand.`,
    zh: (f) => `${f.zh}在线研讨会，含问答，可回看。`,
  },
  'white-paper': { en: (f) => `Evidence-based review of ${f.en} practice.`, zh: (f) => `基于证据的${f.zh}实践综述。` },
  troubleshooting: {
    en: (f) => `Common ${f.en} problems, their causes and fixes.`,
    zh: (f) => `${f.zh}常见问题、原因及解决方法。`,
  },
  'workflow-guide': {
    en: (f) => `The complete ${f.en} workflow with the product for each step.`,
    zh: (f) => `完整${f.zh}工作流程及每步所需产品。`,
  },
  'virtual-workflow': {
    en: (f) => `Video walkthrough of the ${f.en} workflow, chapter by chapter.`,
    zh: (f) => `分章节的${f.zh}工作流程视频演示。`,
  },
  'case-study': {
    en: (f) => `A laboratory's experience improving ${f.en}.`,
    zh: (f) => `某实验室改进${f.zh}的经验分享。`,
  },
  'solution-brief': {
    en: (f) => `Products and workflows for ${f.en} in this field.`,
    zh: (f) => `该领域${f.zh}的产品与流程方案。`,
  },
  'brand-story': {
    en: () => `Brand overview, highlights and popular products.`,
    zh: () => `品牌介绍、亮点与热门产品。`,
  },
  campaign: { en: (f) => `Limited-time savings on ${f.en} products.`, zh: (f) => `${f.zh}产品限时优惠。` },
  event: {
    en: (f) => `Meet specialists and peers working on ${f.en}.`,
    zh: (f) => `与${f.zh}领域的专家和同行面对面交流。`,
  },
  'new-product': { en: (f) => `New in our ${f.en} range.`, zh: (f) => `${f.zh}系列新品上市。` },
}

interface Pick {
  p: SeedProduct
}
const titleOf = (p: SeedProduct, lang: Lang) => (lang === 'en' ? p.titleEn : p.titleZh)
const productHref = (p: SeedProduct, lang: Lang) =>
  specUrl('productDetails', { title: cleanTitle(titleOf(p, lang)), catalogNumber: p.catalogNumber })
const productLink = (p: SeedProduct, lang: Lang) =>
  `<a href="${esc(productHref(p, lang))}">${esc(titleOf(p, lang))}</a>`
const imageOf = (p: SeedProduct) => (p.image ? `${p.image}-650.jpg` : null)

/** A table with a header row; headers and cells are HTML already. */
const table = (head: readonly string[], rows: readonly (readonly (string | number)[])[]) =>
  `<table><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`
function productTable(picks: Pick[], lang: Lang): string {
  const t = L[lang]
  return table(
    [t.product, t.catalogNumber, t.size],
    picks.map(({ p }) => [productLink(p, lang), esc(p.catalogNumber), esc(p.size)]),
  )
}
const ul = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`
const ol = (items: readonly string[]) => `<ol>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ol>`
function figure(picks: Pick[], lang: Lang): string {
  const withImage = picks.find(({ p }) => p.image)
  const src = withImage ? imageOf(withImage.p)! : '/media/placeholder.svg'
  const alt = withImage ? titleOf(withImage.p, lang) : L[lang].figure
  return `<figure><img src="${esc(src)}" alt="${esc(alt)}" width="650" height="650"><figcaption>${esc(L[lang].figure)}: ${esc(alt)}</figcaption></figure>`
}
const reference = (lang: Lang) =>
  `<p>${L[lang].reference}: <a href="https://www.ncbi.nlm.nih.gov/books/">${L[lang].refText}</a></p>`

function renderBody(
  topic: Topic,
  family: FamilyDef,
  picks: Pick[],
  lang: Lang,
  r: Rng,
  author: string,
  promoHref: string | null,
): string {
  const [titleEn, titleZh, type] = topic
  const t = L[lang]
  const title = lang === 'en' ? titleEn : titleZh
  const steps = lang === 'en' ? family.stepsEn : family.stepsZh
  const points = lang === 'en' ? family.pointsEn : family.pointsZh
  const intro = `<p>${esc(INTRO[type][lang](family, title))}</p>`
  const parts: string[] = [intro]
  switch (type) {
    case 'protocol':
    case 'workflow-guide':
    case 'troubleshooting':
    case 'virtual-workflow':
      parts.push(
        figure(picks, lang),
        `<h2>${t.materials}</h2>`,
        productTable(picks, lang),
        `<h2>${t.procedure}</h2>`,
        ol(steps),
      )
      if (type === 'virtual-workflow') {
        const chapters = steps.map(
          (s, i) => `${String(i * 2).padStart(2, '0')}:${String(r.int(0, 5) * 10).padStart(2, '0')} ${s}`,
        )
        parts.push(`<h3>${t.chapters}</h3>`, ol(chapters))
      }
      if (type === 'troubleshooting') parts.push(`<h2>${t.problems}</h2>`, ul(points))
      else parts.push(`<h3>${t.tips}</h3>`, ul(points))
      parts.push(reference(lang))
      break
    case 'technical-guide':
    case 'white-paper': {
      parts.push(
        `<h2>${t.key}</h2>`,
        ul(points),
        `<h2>${t.compare}</h2>`,
        table(
          [t.step, t.recommendation],
          steps.slice(0, 3).map((s, i) => [i + 1, esc(s)]),
        ),
        figure(picks, lang),
        `<h2>${t.recommended}</h2>`,
        `<ul>${picks.map(({ p }) => `<li>${productLink(p, lang)}</li>`).join('')}</ul>`,
        reference(lang),
      )
      break
    }
    case 'application-note':
    case 'case-study': {
      const rows = [1, 2, 3, 4].map((i) => [`${t.sample} ${i}`, (r.int(20, 90) / 10).toFixed(1), r.int(12, 180)])
      parts.push(
        `<h2>${t.background}</h2>`,
        `<p>${esc(points[0])}</p>`,
        `<h2>${t.methods}</h2>`,
        ol(steps),
        figure(picks, lang),
        `<h2>${t.results}</h2>`,
        table([t.sample, t.cv, t.sn], rows),
        `<h2>${t.conclusion}</h2>`,
        `<p>${esc(points[1])} ${esc(points[2])}</p>`,
        `<h3>${t.recommended}</h3>`,
        productTable(picks, lang),
      )
      break
    }
    case 'webinar':
    case 'event': {
      const agenda = steps.slice(0, 4).map((s, i) => [`${String(14 + i).padStart(2, '0')}:00`, esc(s)])
      parts.push(
        `<h2>${t.learn}</h2>`,
        ul(points),
        `<h2>${t.agenda}</h2>`,
        table([t.time, t.session], agenda),
        `<p><strong>${t.speaker}:</strong> ${esc(author)}</p>`,
        figure(picks, lang),
        `<h3>${t.recommended}</h3>`,
        productTable(picks, lang),
      )
      break
    }
    case 'solution-brief':
      parts.push(
        `<h2>${t.challenges}</h2>`,
        ul(points),
        `<h2>${t.solution}</h2>`,
        ol(steps.slice(0, 4)),
        figure(picks, lang),
        productTable(picks, lang),
        `<p>${t.contact}</p>`,
      )
      break
    case 'brand-story':
      parts.push(
        figure(picks, lang),
        `<h2>${t.highlights}</h2>`,
        ul(points),
        `<h2>${t.popular}</h2>`,
        productTable(picks, lang),
      )
      break
    case 'campaign':
    case 'new-product':
      parts.push(
        `<h2>${t.offer}</h2>`,
        ul(points),
        figure(picks, lang),
        productTable(picks, lang),
        `<h3>${t.terms}</h3>`,
        ol(
          lang === 'en'
            ? [
                'Valid while stocks last.',
                'Cannot be combined with other offers.',
                'Prices shown exclude tax and shipping.',
              ]
            : ['售完即止。', '不可与其他优惠同时使用。', '所示价格不含税费和运费。'],
        ),
      )
      if (promoHref) parts.push(`<p><a href="${esc(promoHref)}">${t.viewPromo}</a></p>`)
      break
  }
  return parts.join('')
}

/** ~1 minute per 200 English words / 400 Chinese characters, at least 1 */
export function readMinutes(bodyEn: string): number {
  const words = htmlToText(bodyEn).split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.round(words / 200))
}

function productPool(ctx: SeedContext) {
  const byLeaf = new Map<string, SeedProduct[]>()
  for (const p of ctx.products) {
    const arr = byLeaf.get(p.categoryCode) ?? []
    arr.push(p)
    byLeaf.set(p.categoryCode, arr)
  }
  return (r: Rng, leaves: string[], n: number, opts: { brand?: string; pricedOnly?: boolean } = {}): SeedProduct[] => {
    let pool = leaves.flatMap((l) => byLeaf.get(l) ?? [])
    if (opts.brand) {
      const branded = pool.filter((p) => p.brand === opts.brand)
      if (branded.length) pool = branded
    }
    if (opts.pricedOnly) {
      const priced = pool.filter((p) => p.listPriceCny !== null && !p.leadTarget)
      if (priced.length) pool = priced
    }
    if (!pool.length) pool = ctx.products
    const out: SeedProduct[] = []
    const seen = new Set<string>()
    for (let tries = 0; out.length < Math.min(n, pool.length) && tries < n * 20; tries++) {
      // round-robin over the leaves so each featured leaf is represented
      const leaf = leaves[out.length % leaves.length]
      const fromLeaf = pool.filter((p) => p.categoryCode === leaf)
      const p = r.pick(fromLeaf.length ? fromLeaf : pool)
      if (!seen.has(p.catalogNumber)) {
        seen.add(p.catalogNumber)
        out.push(p)
      }
    }
    return out
  }
}

/** Items published in the future (scheduled): hidden from lists and details until their date. */
const SCHEDULED_TITLES = new Set([
  'Organoid immunostaining: a practical introduction',
  'Lentivirus production in HEK293T cells',
  'New: low-retention filter tips',
])
/** Items whose raw body carries what an editor might paste from elsewhere (sanitized before storage). */
const HOSTILE_TITLES = new Set([
  'Western blot protocol: from lysate to detection',
  'Cell surface staining for flow cytometry',
  'Virtual workflow: RT-qPCR at the bench',
  'Flow cytometry antibody savings',
])
/** campaign content → the promotion it advertises */
const CAMPAIGN_PROMOS: Record<string, string> = {
  'Flow cytometry antibody savings': 'PR1001',
  'Cell culture stock-up event': 'PR1003',
  'Buy more, save more on tips and tubes': 'PR1004',
  'New customer welcome offer': 'PR1009',
}

const promoHref = (p: PromotionDef) => specUrl('promotion', { category: p.category, subject: p.subject, id: p.id })

function promoWindow(plan: PromotionDef['plan'], anchor: number, r: Rng): { start: Date; end: Date } {
  if (plan === 'active')
    return { start: new Date(anchor - r.int(5, 20) * DAY), end: new Date(anchor + r.int(20, 90) * DAY) }
  if (plan === 'upcoming') {
    const start = anchor + r.int(7, 30) * DAY
    return { start: new Date(start), end: new Date(start + r.int(30, 45) * DAY) }
  }
  const end = anchor - r.int(5, 30) * DAY
  return { start: new Date(end - r.int(30, 60) * DAY), end: new Date(end) }
}

function promotionBody(def: PromotionDef, picks: SeedProduct[], lang: Lang, end: Date): string {
  const en = lang === 'en'
  const summary = en ? def.summaryEn : def.summaryZh
  const img = picks.find((p) => p.image)
  return [
    `<h2>${esc(en ? def.en : def.zh)}</h2>`,
    `<p>${esc(summary)}</p>`,
    img ? `<p><img src="${esc(imageOf(img)!)}" alt="${esc(titleOf(img, lang))}"></p>` : '',
    `<h3>${en ? 'Featured products' : '参与产品'}</h3>`,
    table(
      en ? ['Product', 'Catalogue number', 'Saving'] : ['产品', '货号', '优惠'],
      picks.map((p) => [productLink(p, lang), esc(p.catalogNumber), `${def.discount}%`]),
    ),
    `<h3>${en ? 'Terms and conditions' : '活动条款'}</h3>`,
    ol(
      en
        ? [
            `Offer ends ${end.toISOString().slice(0, 10)}.`,
            'Valid for approved accounts ordering online.',
            'Cannot be combined with other promotions or contract prices.',
            'Quantities may be limited.',
          ]
        : [
            `活动截止日期：${end.toISOString().slice(0, 10)}。`,
            '适用于在线下单的已审核账户。',
            '不可与其他促销或合同价同时使用。',
            '数量有限，售完即止。',
          ],
    ),
    `<p>${en ? 'Questions? ' : '有疑问？'}<a href="${esc(specUrl('chat'))}">${en ? 'Chat with us' : '在线咨询'}</a></p>`,
  ].join('')
}

/** Marketing content, promotions and special columns. Deterministic from ctx.seed (dates: see marketingAnchor). */
export async function seedMarketing(trx: Transaction<DB>, ctx: SeedContext): Promise<void> {
  const r = createRng((ctx.seed ^ 0x6d6b7400) >>> 0)
  const anchor = marketingAnchor().getTime()
  const pick = productPool(ctx)

  await trx
    .insertInto('article_types')
    .values(ARTICLE_TYPES.map((a, i) => ({ value: a.value, label_en: a.en, label_zh: a.zh, sort_order: i })))
    .execute()
  const catRows = await trx
    .insertInto('content_categories')
    .values(
      CONTENT_CATEGORIES.map((c, i) => ({
        content_type: c.type,
        code: c.code,
        name_en: c.en,
        name_zh: c.zh,
        sort_order: i,
      })),
    )
    .returning(['id', 'code'])
    .execute()
  const catId = new Map(catRows.map((c) => [c.code, c.id]))

  // ---- content items: publication order is shuffled across types so "newest first" mixes them
  const entries = CONTENT_CATEGORIES.flatMap((c) => (TOPICS[c.code] ?? []).map((topic) => ({ cat: c, topic })))
  const order = entries.map((_, i) => i)
  for (let i = order.length - 1; i > 0; i--) {
    const j = r.int(0, i)
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  const ageRank = new Map(order.map((entryIndex, rank) => [entryIndex, rank]))
  const promoById = new Map(PROMOTIONS.map((p) => [p.id, p]))

  const contentIds = new Map<string, number>()
  for (const [i, { cat, topic }] of entries.entries()) {
    const [titleEn, titleZh, articleType, familyKey, leaves, brand] = topic
    const family = FAMILIES[familyKey]
    const picks = pick(r, leaves, r.int(3, 5), { brand }).map((p) => ({ p }))
    const [authorEn, authorZh] =
      articleType === 'campaign' || articleType === 'new-product' ? AUTHORS[5] : AUTHORS[i % 5]
    const promo = CAMPAIGN_PROMOS[titleEn] ? promoById.get(CAMPAIGN_PROMOS[titleEn])! : null
    const href = promo ? promoHref(promo) : titleEn.startsWith('Flash sale') ? specUrl('flashSale') : null
    let bodyEn = renderBody(topic, family, picks, 'en', r, authorEn, href)
    let bodyZh = renderBody(topic, family, picks, 'zh', r, authorZh, href)
    if (HOSTILE_TITLES.has(titleEn)) {
      bodyEn = HOSTILE_FRAGMENT_EN + bodyEn
      bodyZh = HOSTILE_FRAGMENT_ZH + bodyZh
    }
    const safeEn = sanitizeRichHtml(bodyEn)
    const safeZh = sanitizeRichHtml(bodyZh)
    const rank = ageRank.get(i)!
    const publishedAt = SCHEDULED_TITLES.has(titleEn)
      ? new Date(anchor + r.int(4, 12) * DAY + r.int(8, 18) * HOUR)
      : new Date(anchor - (rank * 2 + 1) * DAY + r.int(1, 10) * HOUR)
    const cover = picks.find(({ p }) => p.image)
    const { id } = await trx
      .insertInto('content_items')
      .values({
        content_type: cat.type,
        category_id: catId.get(cat.code)!,
        article_type: articleType,
        title_en: titleEn,
        title_zh: titleZh,
        summary_en: SUMMARY[articleType].en(family),
        summary_zh: SUMMARY[articleType].zh(family),
        body_en: safeEn,
        body_zh: safeZh,
        author_en: authorEn,
        author_zh: authorZh,
        cover_image: cover ? imageOf(cover.p) : null,
        published_at: publishedAt,
        read_minutes: readMinutes(safeEn),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    contentIds.set(titleEn, id)
    await trx
      .insertInto('content_products')
      .values(
        picks.map(({ p }, position) => ({
          content_id: id,
          product_id: ctx.productIds.get(p.catalogNumber)!,
          position,
        })),
      )
      .execute()
  }

  // ---- promotions
  const promoProducts = new Map<string, SeedProduct[]>()
  for (const [i, def] of PROMOTIONS.entries()) {
    const { start, end } = promoWindow(def.plan, anchor, r)
    const products = pick(r, def.leaves, r.int(4, 6), { pricedOnly: true })
    promoProducts.set(def.id, products)
    let bodyEn = promotionBody(def, products, 'en', end)
    let bodyZh = promotionBody(def, products, 'zh', end)
    if (def.id === 'PR1002') {
      bodyEn += HOSTILE_FRAGMENT_EN
      bodyZh += HOSTILE_FRAGMENT_ZH
    }
    const banner = products.find((p) => p.image)
    await trx
      .insertInto('promotions')
      .values({
        id: def.id,
        category: def.category,
        subject: def.subject,
        title_en: def.en,
        title_zh: def.zh,
        summary_en: def.summaryEn,
        summary_zh: def.summaryZh,
        body_en: sanitizeRichHtml(bodyEn),
        body_zh: sanitizeRichHtml(bodyZh),
        banner_image: banner ? imageOf(banner) : null,
        start_at: start,
        end_at: end,
        sort_order: i,
      })
      .execute()
    await trx
      .insertInto('promotion_products')
      .values(
        products.map((p, position) => ({
          promotion_id: def.id,
          product_id: ctx.productIds.get(p.catalogNumber)!,
          position,
        })),
      )
      .execute()
  }

  // ---- home special columns (current promotions are added from `promotions` at request time)
  const always = { start_at: new Date(anchor - 30 * DAY), end_at: new Date(anchor + 365 * DAY) }
  const img = (leaf: string) => {
    const p = pick(r, [leaf], 1)[0]
    return p?.image ? imageOf(p) : null
  }
  const knowledgePicks = [
    'Western blot protocol: from lysate to detection',
    'Cell surface staining for flow cytometry',
    'Two-step RT-qPCR: from RNA to Ct values',
    'Thawing and passaging mammalian cells',
  ]
  const pr1001 = promoById.get('PR1001')!
  const columns = [
    {
      id: 'SC-BANNER-LEARNING',
      kind: 'banner' as const,
      title_en: 'Learning Centre',
      title_zh: '学习中心',
      subtitle_en: 'Protocols, technical guides and webinars',
      subtitle_zh: '实验方案、技术指南与网络研讨会',
      image: img('primary-antibodies'),
      link_route: 'contentHub',
      link_params: { contentType: 'knowledge' },
      ...always,
    },
    {
      id: 'SC-BANNER-PROMO',
      kind: 'banner' as const,
      title_en: pr1001.en,
      title_zh: pr1001.zh,
      subtitle_en: pr1001.summaryEn,
      subtitle_zh: pr1001.summaryZh,
      image: img('flow-cytometry-antibodies'),
      link_route: 'promotion',
      link_params: { category: pr1001.category, subject: pr1001.subject, id: pr1001.id },
      ...always,
    },
    {
      id: 'SC-BANNER-INDUSTRY',
      kind: 'banner' as const,
      title_en: 'Industry solutions',
      title_zh: '行业解决方案',
      subtitle_en: 'Academic, biopharma, clinical, food and environmental labs',
      subtitle_zh: '学术、生物制药、临床、食品与环境实验室',
      image: img('pcr-thermal-cyclers'),
      link_route: 'contentHub',
      link_params: { contentType: 'industry' },
      ...always,
    },
    {
      id: 'SC-BANNER-BRANDS',
      kind: 'banner' as const,
      title_en: 'Our brands',
      title_zh: '旗下品牌',
      subtitle_en: 'Reagents, plastics and instruments',
      subtitle_zh: '试剂、塑料耗材与仪器',
      image: img('plates-flasks'),
      link_route: 'contentHub',
      link_params: { contentType: 'brand' },
      ...always,
    },
    // outside their windows: never listed
    {
      id: 'SC-BANNER-SUMMER',
      kind: 'banner' as const,
      title_en: 'Summer plastics sale',
      title_zh: '夏季塑料耗材特卖',
      subtitle_en: 'Ended',
      subtitle_zh: '已结束',
      image: null,
      link_route: 'promotion',
      link_params: { category: 'lab-plastics', subject: 'summer-plastics-sale', id: 'PR1011' },
      start_at: new Date(anchor - 120 * DAY),
      end_at: new Date(anchor - 20 * DAY),
    },
    {
      id: 'SC-BANNER-NEWYEAR',
      kind: 'banner' as const,
      title_en: 'New Year campaign',
      title_zh: '新年活动',
      subtitle_en: 'Coming soon',
      subtitle_zh: '即将开始',
      image: null,
      link_route: 'contentHub',
      link_params: { contentType: 'campaign' },
      start_at: new Date(anchor + 20 * DAY),
      end_at: new Date(anchor + 60 * DAY),
    },
    {
      id: 'SC-FLASH-SALE',
      kind: 'flash-sale' as const,
      title_en: 'Flash sale',
      title_zh: '限时秒杀',
      subtitle_en: 'Limited-time prices on lab essentials',
      subtitle_zh: '实验室必备限时特价',
      image: img('gloves'),
      link_route: 'flashSale',
      link_params: {},
      start_at: new Date(anchor - 2 * DAY),
      end_at: new Date(anchor + 30 * DAY),
    },
    {
      id: 'SC-FLASH-SALE-PAST',
      kind: 'flash-sale' as const,
      title_en: 'Flash sale (ended)',
      title_zh: '限时秒杀（已结束）',
      subtitle_en: 'Ended',
      subtitle_zh: '已结束',
      image: null,
      link_route: 'flashSale',
      link_params: {},
      start_at: new Date(anchor - 40 * DAY),
      end_at: new Date(anchor - 33 * DAY),
    },
    ...knowledgePicks.map((title, i) => {
      const [topic] = Object.values(TOPICS)
        .flat()
        .filter((t) => t[0] === title)
      return {
        id: `SC-LEARNING-${i + 1}`,
        kind: 'learning' as const,
        title_en: topic[0],
        title_zh: topic[1],
        subtitle_en: SUMMARY[topic[2]].en(FAMILIES[topic[3]]),
        subtitle_zh: SUMMARY[topic[2]].zh(FAMILIES[topic[3]]),
        image: null as string | null,
        link_route: 'contentDetail',
        link_params: { id: String(contentIds.get(title)!) },
        ...always,
      }
    }),
  ]
  // learning picks show the article's cover
  for (const c of columns) {
    if (c.kind !== 'learning') continue
    const row = await trx
      .selectFrom('content_items')
      .select('cover_image')
      .where('id', '=', Number(c.link_params.id))
      .executeTakeFirstOrThrow()
    c.image = row.cover_image
  }
  await trx
    .insertInto('special_columns')
    .values(columns.map((c, i) => ({ ...c, link_params: JSON.stringify(c.link_params), sort_order: i })))
    .execute()

  // ---- demo engagement: approved.cn has a wishlist and a browsing history; approved.in a little of both
  const userId = (userName: string) => DEMO_ACCOUNTS.find((a) => a.user.userName === userName)!.user.id
  const cn = userId('approved.cn')
  const ind = userId('approved.in')
  const pr1003 = promoProducts.get('PR1003')!
  const pr1006 = promoProducts.get('PR1006')!
  const wished = (
    user_id: string,
    country_code: 'cn' | 'in',
    content_type: WishlistItemTable['content_type'],
    content_id: string,
    daysAgo: number,
  ) => ({
    user_id,
    country_code,
    content_type,
    content_id,
    wishlist_type: content_type === 'Products' ? ('product' as const) : ('content' as const),
    created_at: new Date(anchor - daysAgo * DAY),
  })
  const wish = [
    wished(cn, 'cn', 'Products', pr1003[0].catalogNumber, 3),
    wished(cn, 'cn', 'Products', pr1006[0].catalogNumber, 2),
    wished(cn, 'cn', 'Knowledge Hub', String(contentIds.get('Western blot protocol: from lysate to detection')), 5),
    wished(cn, 'cn', 'VM Workflow', String(contentIds.get('Virtual workflow: building a multicolour flow panel')), 4),
    wished(cn, 'cn', 'Promotions', 'PR1003', 1),
    wished(ind, 'in', 'Products', pr1006[1].catalogNumber, 1),
  ]
  await trx.insertInto('wishlist_items').values(wish).execute()
  const visited = (user_id: string, kind: 'product' | 'content', item_id: string, msAgo: number) => ({
    user_id,
    kind,
    item_id,
    viewed_at: new Date(anchor - msAgo),
  })
  const visits = [
    ...pr1003.slice(0, 4).map((p, i) => visited(cn, 'product', p.catalogNumber, (i + 1) * 5 * HOUR)),
    ...pr1006.slice(0, 2).map((p, i) => visited(cn, 'product', p.catalogNumber, (i + 2) * DAY)),
    visited(cn, 'content', String(contentIds.get('Two-step RT-qPCR: from RNA to Ct values')), 7 * HOUR),
    visited(cn, 'content', 'PR1001', 30 * HOUR),
    visited(ind, 'product', pr1006[1].catalogNumber, 3 * HOUR),
    visited(ind, 'content', String(contentIds.get('Cell culture summit, Bengaluru')), 9 * HOUR),
  ]
  await trx.insertInto('history_visits').values(visits).execute()
}
