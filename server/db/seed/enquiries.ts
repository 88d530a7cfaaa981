import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { SeedContext } from './context'
import { marketingAnchor } from './marketing'

/**
 * Requests and enquiries with their interaction history (issue 12), for the demo users: approved.cn
 * has an open lead still pending, a quote request approved with the quote attached, and a completed
 * (closed) request that was not approved; approved.in has one of its own (the IDOR tests use it).
 * Request ids 'RQ-D0000n' never meet the sequence's 'RQ-000001'... of placed requests.
 * Dates count back from the seed day (SEED_DATE), so the rows are the same on every seed of a day.
 * The items are products on sale with a list price in both currencies (issue 24: staff can quote the open lead
 * RQ-D00001 as asked, at the account's prices), the first of them by id.
 */
export const ENQUIRY_SEED_TABLES = ['request_interaction_files', 'request_interactions']

const H = 3_600_000
const D = 24 * H

interface SeedInteraction {
  author: 'customer' | 'staff'
  status: 'pending' | 'approved' | 'rejected' | 'autoApproved'
  comment: string | null
  attachments?: { name: string; url: string | null }[]
  at: number
}
interface SeedRequest {
  requestId: string
  userName: string
  kind: 'lead' | 'quote'
  status: 'pending' | 'in_progress' | 'completed'
  daysAgo: number
  contactName: string
  phone: string
  email: string
  company: string
  city: string | null
  remark: string | null
  items: { catalogNumber: string; itemName: string; itemCount: number }[]
  interactions: SeedInteraction[]
}

/** catalogue numbers are the seed's first products (ctx.products) so the items exist in the catalogue */
function seedRequests(items: (i: number, n: number, lang?: 'en' | 'zh') => SeedRequest['items']): SeedRequest[] {
  return [
    {
      requestId: 'RQ-D00001',
      userName: 'approved.cn',
      kind: 'lead',
      status: 'pending',
      daysAgo: 2,
      contactName: '王小明',
      phone: '13800138000',
      email: 'approved.cn@example.com',
      company: '上海生物医学研究所',
      city: '上海',
      remark: '请报含税价，需要在两周内到货',
      items: items(0, 2),
      interactions: [
        {
          author: 'staff',
          status: 'pending',
          comment: '您好，我们已收到您的询价，销售代表将在 1 个工作日内联系您。',
          at: 2 * H,
        },
        { author: 'customer', status: 'pending', comment: '谢谢，请同时提供货期信息。', at: 5 * H },
      ],
    },
    {
      requestId: 'RQ-D00002',
      userName: 'approved.cn',
      kind: 'quote',
      status: 'in_progress',
      daysAgo: 9,
      contactName: '王小明',
      phone: '13800138000',
      email: 'approved.cn@example.com',
      company: '上海生物医学研究所',
      city: '上海',
      remark: null,
      items: items(2, 3),
      interactions: [
        { author: 'staff', status: 'pending', comment: '询价已受理。', at: 3 * H },
        {
          author: 'staff',
          status: 'approved',
          comment: '报价已批准，详见附件。报价有效期 30 天。',
          attachments: [{ name: 'Quotation-RQ-D00002.pdf', url: null }],
          at: 2 * D,
        },
      ],
    },
    {
      requestId: 'RQ-D00003',
      userName: 'approved.cn',
      kind: 'lead',
      status: 'completed',
      daysAgo: 40,
      contactName: '王小明',
      phone: '13800138000',
      email: 'approved.cn@example.com',
      company: '上海生物医学研究所',
      city: '上海',
      remark: '科研用途',
      items: items(5, 1),
      interactions: [
        { author: 'staff', status: 'rejected', comment: '很抱歉，该产品在您所在地区暂不销售。', at: D },
        { author: 'staff', status: 'autoApproved', comment: null, at: 10 * D },
      ],
    },
    {
      requestId: 'RQ-D00004',
      userName: 'approved.in',
      kind: 'quote',
      status: 'pending',
      daysAgo: 3,
      contactName: 'Priya Sharma',
      phone: '+91 98450 12345',
      email: 'approved.in@example.com',
      company: 'Indian Institute of Science',
      city: 'Bengaluru',
      remark: 'Bulk pricing please',
      items: items(6, 2, 'en'),
      interactions: [
        {
          author: 'staff',
          status: 'pending',
          comment: 'Thank you, our team will reply within one business day.',
          at: 4 * H,
        },
      ],
    },
  ]
}

export async function seedEnquiries(db: Kysely<DB>, ctx: SeedContext): Promise<void> {
  const anchor = marketingAnchor().getTime()
  const users = await db.selectFrom('users').select(['id', 'account_id', 'user_name']).execute()
  const byName = new Map(users.map((u) => [u.user_name, u]))
  const onSale = await db
    .selectFrom('products as p')
    .innerJoin('product_sales as ps', 'ps.product_id', 'p.id')
    .select('p.catalog_number')
    .where('ps.sales_status', '=', 'active')
    .where('p.list_price_cny', 'is not', null)
    .where('p.list_price_inr', 'is not', null)
    .orderBy('p.id')
    .limit(20)
    .execute()
  const byNumber = new Map(ctx.products.map((p) => [p.catalogNumber, p]))
  const quotable = onSale.map((r) => byNumber.get(r.catalog_number)!)
  const items = (i: number, n: number, lang: 'en' | 'zh' = 'zh') =>
    quotable.slice(i, i + n).map((p, k) => ({
      catalogNumber: p.catalogNumber,
      itemName: lang === 'en' ? p.titleEn : p.titleZh,
      itemCount: k + 1,
    }))
  for (const r of seedRequests(items)) {
    const u = byName.get(r.userName)
    if (!u) continue
    const created = anchor - r.daysAgo * D
    await db
      .insertInto('service_requests')
      .values({
        request_id: r.requestId,
        kind: r.kind,
        user_id: u.id,
        account_id: u.account_id,
        lead_cart_id: null,
        contact_name: r.contactName,
        phone: r.phone,
        email: r.email,
        company_or_institution: r.company,
        city: r.city,
        remark: r.remark,
        items: JSON.stringify(r.items),
        status: r.status,
        created_at: new Date(created),
      })
      .execute()
    await db
      .insertInto('request_interactions')
      .values(
        r.interactions.map((i) => ({
          request_id: r.requestId,
          author: i.author,
          status: i.status,
          comment: i.comment,
          attachments: JSON.stringify(i.attachments ?? []),
          created_at: new Date(created + i.at),
        })),
      )
      .execute()
  }
}
