import type { Kysely } from 'kysely'
import type { DB } from '../schema'
import type { InvoiceTable, ArLineTable } from '../schema-account'
import type { Insertable } from 'kysely'
import type { SeedContext } from './context'
import { createRng, type Rng } from './prng'
import { marketingAnchor } from './marketing'
import { addBusinessDays, REVIEW_BUSINESS_DAYS } from '../../domains/account/business-days'
import { carrierName } from '../../../types/order/carriers'

/**
 * Issue 4 seed (account-records): invoices and AR ledgers of the seeded bill-tos, supply-centre
 * options and requests, notifications, onboarding requests.
 * Deterministic: dates are laid out relative to the seed day (marketingAnchor(): SEED_DATE=YYYY-MM-DD,
 * else the UTC day the seed runs — the same anchor as the marketing seed), everything else comes from
 * ctx.seed. Statuses are stored, consistent with those dates and with the credit records
 * (2000002 is overdue, 2000003 is prepaid, distributor 4000001 has no invoices: the empty state).
 */

/** Tables this seed fills (truncated by a reset seed): every table of migration 0005. */
export { ACCOUNT_RECORD_TABLES } from '../migrations/0005_account'

const DAY = 86_400_000
const HOUR = 3_600_000

type Profile = 'regular' | 'overdue' | 'prepaid' | 'empty'
interface BillToSeed {
  billTo: string
  accountNumber: string
  currency: 'CNY' | 'INR'
  invoiceFrequency: 'daily' | 'monthly'
  statementFrequency: 'daily' | 'monthly'
  /** major units */
  creditLimit: number
  title: string
  taxNumber: string
  bank: string
  bankAccount: string
  profile: Profile
  invoices: number
  /** share of special (VAT) invoices */
  special: number
  /** share of paper invoices (sent by courier) */
  paper: number
  /** invoice amount range, major units */
  amount: [number, number]
  paymentTermDays: number
}

/** Invoice settings of every seeded bill-to that has an account number. */
export const BILL_TO_SEEDS: BillToSeed[] = [
  {
    billTo: '2000001',
    accountNumber: '1000001',
    currency: 'CNY',
    invoiceFrequency: 'monthly',
    statementFrequency: 'monthly',
    creditLimit: 500_000,
    title: '复旦大学',
    taxNumber: '12100000425006117P',
    bank: '中国工商银行上海市邯郸路支行',
    bankAccount: '1001 2473 0900 0012 345',
    profile: 'regular',
    invoices: 40,
    special: 0.4,
    paper: 0.3,
    amount: [800, 60_000],
    paymentTermDays: 30,
  },
  {
    billTo: '2000002',
    accountNumber: '1000001',
    currency: 'CNY',
    invoiceFrequency: 'daily',
    statementFrequency: 'monthly',
    creditLimit: 100_000,
    title: '复旦大学生命科学学院',
    taxNumber: '12310000MB2F38821D',
    bank: '中国银行上海市五角场支行',
    bankAccount: '4378 5920 1146',
    profile: 'overdue',
    invoices: 24,
    special: 0.2,
    paper: 0.25,
    amount: [500, 25_000],
    paymentTermDays: 30,
  },
  {
    billTo: '2000003',
    accountNumber: '1000001',
    currency: 'CNY',
    invoiceFrequency: 'monthly',
    statementFrequency: 'daily',
    creditLimit: 0,
    title: '复旦大学生命科学学院',
    taxNumber: '12310000MB2F38821D',
    bank: '交通银行上海市江湾支行',
    bankAccount: '3100 6661 0018 1700 2346',
    profile: 'prepaid',
    invoices: 18,
    special: 0,
    paper: 0.2,
    amount: [300, 12_000],
    paymentTermDays: 0,
  },
  {
    billTo: '4000001',
    accountNumber: '3000001',
    currency: 'CNY',
    invoiceFrequency: 'monthly',
    statementFrequency: 'monthly',
    creditLimit: 300_000,
    title: '上海华生科技有限公司',
    taxNumber: '91310112MA1GB7XQ5K',
    bank: '招商银行上海莘庄支行',
    bankAccount: '1219 0866 5510 801',
    profile: 'empty',
    invoices: 0,
    special: 0,
    paper: 0,
    amount: [0, 0],
    paymentTermDays: 60,
  },
  {
    billTo: '6000001',
    accountNumber: '5000001',
    currency: 'INR',
    invoiceFrequency: 'monthly',
    statementFrequency: 'monthly',
    creditLimit: 5_000_000,
    title: 'Indian Institute of Science',
    taxNumber: '29AAAJI0427K1ZR',
    bank: 'State Bank of India, IISc Branch (IFSC SBIN0002215)',
    bankAccount: '10293847561',
    profile: 'regular',
    invoices: 26,
    special: 0,
    paper: 0.25,
    amount: [5_000, 400_000],
    paymentTermDays: 45,
  },
]

export const SUPPLY_CENTER_OPTIONS = [
  {
    id: 'SC-SH-001',
    country: 'cn',
    en: 'Shanghai Supply Centre',
    zh: '上海供应中心',
    cityEn: 'Shanghai',
    cityZh: '上海',
    status: 'Normal',
  },
  {
    id: 'SC-BJ-002',
    country: 'cn',
    en: 'Beijing Supply Centre',
    zh: '北京供应中心',
    cityEn: 'Beijing',
    cityZh: '北京',
    status: 'Normal',
  },
  {
    id: 'SC-GZ-003',
    country: 'cn',
    en: 'Guangzhou Supply Centre',
    zh: '广州供应中心',
    cityEn: 'Guangzhou',
    cityZh: '广州',
    status: 'Suspended',
  },
  {
    id: 'SC-CD-004',
    country: 'cn',
    en: 'Chengdu Supply Centre',
    zh: '成都供应中心',
    cityEn: 'Chengdu',
    cityZh: '成都',
    status: 'Normal',
  },
  {
    id: 'SC-WH-005',
    country: 'cn',
    en: 'Wuhan Supply Centre',
    zh: '武汉供应中心',
    cityEn: 'Wuhan',
    cityZh: '武汉',
    status: 'Normal',
  },
  {
    id: 'SC-BLR-101',
    country: 'in',
    en: 'Bengaluru Supply Centre',
    zh: '班加罗尔供应中心',
    cityEn: 'Bengaluru',
    cityZh: '班加罗尔',
    status: 'Normal',
  },
  {
    id: 'SC-DEL-102',
    country: 'in',
    en: 'Delhi Supply Centre',
    zh: '德里供应中心',
    cityEn: 'Delhi',
    cityZh: '德里',
    status: 'Normal',
  },
] as const

const startOfUtcDay = (t: number) => t - (((t % DAY) + DAY) % DAY)

interface Ledger {
  invoices: Insertable<InvoiceTable>[]
  lines: Insertable<ArLineTable>[]
}

/** A seeded order as the invoices and notifications refer to it (with its shipment, if any). */
export interface SeededOrderRef {
  orderNumber: string
  salesOrderNumber: string
  accountId: number
  userId: string
  billToNumber: string | null
  status: string
  createdAt: number
  carrier: string | null
  expressNumber: string | null
  shippedAt: number | null
  signedAt: number | null
}

/** statuses that have left the warehouse, i.e. that are invoiced (as in orders.ts) */
const INVOICED_STATUSES = ['SHIPPED', 'COMPLETED', 'Waiting for Delivery']

/**
 * The sales order an invoice issued at `issue` bills: an order of the same bill-to that had left the
 * warehouse, placed before the invoice — the latest one not invoiced yet, else the latest one (a second
 * invoice of a sales order: a partial shipment), else none. No invoice names a sales order that is not a
 * real order of its bill-to (issue 22 item 6: "invoices never appear on an order").
 */
function invoicedOrder(orders: SeededOrderRef[], issue: number, invoiced: Set<string>): string | null {
  const before = orders.filter((o) => INVOICED_STATUSES.includes(o.status) && o.createdAt < issue)
  const pick = (list: SeededOrderRef[]) =>
    list.reduce<SeededOrderRef | null>((best, o) => (!best || o.createdAt > best.createdAt ? o : best), null)
  const o = pick(before.filter((x) => !invoiced.has(x.salesOrderNumber))) ?? pick(before)
  if (!o) return null
  invoiced.add(o.salesOrderNumber)
  return o.salesOrderNumber
}

/** Invoices and AR lines of one bill-to, all dated before the anchor; `orders`: the bill-to's seeded orders. */
export function generateLedger(
  b: BillToSeed,
  anchor: Date,
  r: Rng,
  invoiceSeq: { n: number },
  orders: SeededOrderRef[] = [],
): Ledger {
  const out: Ledger = { invoices: [], lines: [] }
  const invoiced = new Set<string>()
  if (b.profile === 'empty') return out
  const a = anchor.getTime()
  const cn = b.currency === 'CNY'
  const minor = (major: number) => Math.round(major * 100)
  // issue days, 2..360 days before the anchor, oldest first; 10:00 local time
  const ages = Array.from({ length: b.invoices }, () => r.int(2, 360)).sort((x, y) => y - x)
  const localHour = cn ? 2 : 4.5
  let payments = 0
  let creditNotes = 0
  let overdueCount = 0
  // prepaid accounts pay ahead: a lump sum every quarter, larger than what is invoiced after it
  if (b.profile === 'prepaid') {
    for (const age of [370, 280, 190, 100, 10]) {
      const at = startOfUtcDay(a - age * DAY) + 1.5 * HOUR
      payments++
      out.lines.push({
        bill_to_number: b.billTo,
        posted_at: new Date(at),
        document_number: `PMT-${b.billTo}-${String(payments).padStart(4, '0')}`,
        line_type: 'payment',
        invoice_number: null,
        description_en: 'Prepayment received (bank transfer)',
        description_zh: '预付款到账（银行转账）',
        debit: 0,
        credit: minor(r.int(30, 45) * 1000),
        due_date: null,
      })
    }
  }
  for (const [i, age] of ages.entries()) {
    invoiceSeq.n++
    const issue = startOfUtcDay(a - age * DAY) + localHour * HOUR + i * 60_000
    const terms = b.paymentTermDays
    const due = issue + terms * DAY
    const amount = minor(r.int(b.amount[0], b.amount[1]) + r.int(0, 99) / 100)
    const kind = r.chance(b.special) ? 'special' : 'general'
    const medium = r.chance(b.paper) ? 'paper' : 'e-invoice'
    const number = cn
      ? String(41_230_000 + invoiceSeq.n * 7)
      : `BLR/${fy(new Date(issue))}/${String(invoiceSeq.n).padStart(5, '0')}`
    const code = cn ? `0310025${kind === 'special' ? '00111' : '00104'}` : `1120${r.digits(11)}`
    const delivery = medium === 'paper' ? (cn ? `SF${r.digits(10)}` : `5${r.digits(10)}`) : null
    const cancelled = b.profile !== 'prepaid' && r.chance(0.06)
    let status: InvoiceTable['status']
    const settle: { at: number; type: 'payment' | 'credit_note' } | null = cancelled
      ? { at: issue + r.int(1, 5) * DAY, type: 'credit_note' }
      : b.profile === 'prepaid'
        ? null // settled from the prepayment balance
        : due < a
          ? b.profile === 'overdue' && age < 150 && (overdueCount === 0 || r.chance(0.6))
            ? null // unpaid past its due date
            : { at: issue + r.int(7, Math.max(8, terms - 1)) * DAY, type: 'payment' }
          : r.chance(0.3) && issue + 7 * DAY < a
            ? { at: issue + r.int(3, Math.min(terms - 1, Math.floor((a - issue) / DAY) - 1)) * DAY, type: 'payment' }
            : null
    if (!cancelled && !settle && due < a) overdueCount++
    // about one invoice in ten bills no sales order (a service or freight invoice); the draws are kept
    // where they were, so every other figure of the ledger stays as it was
    const invoiceSalesOrder = () => {
      if (!r.chance(0.9)) return null
      r.digits(8)
      return invoicedOrder(orders, issue, invoiced)
    }
    if (cancelled) status = 'cancelled'
    else if (b.profile === 'prepaid') status = 'paid'
    else if (settle) status = 'paid'
    else if (due < a) status = 'overdue'
    else status = a - issue > 3 * DAY ? 'delivered' : 'issued'
    out.invoices.push({
      bill_to_number: b.billTo,
      invoice_number: number,
      invoice_code: code,
      kind,
      medium,
      title: b.title,
      tax_number: b.taxNumber,
      bank: b.bank,
      bank_account: b.bankAccount,
      amount,
      currency: b.currency,
      status,
      delivery_number: delivery,
      sales_order_number: invoiceSalesOrder(),
      issue_date: new Date(issue),
      due_date: new Date(due),
    })
    out.lines.push({
      bill_to_number: b.billTo,
      posted_at: new Date(issue),
      document_number: number,
      line_type: 'invoice',
      invoice_number: number,
      description_en: `Invoice ${number}`,
      description_zh: `发票 ${number}`,
      debit: amount,
      credit: 0,
      due_date: new Date(due),
    })
    if (settle) {
      const at = Math.min(settle.at, a - HOUR)
      if (settle.type === 'payment') {
        payments++
        out.lines.push({
          bill_to_number: b.billTo,
          posted_at: new Date(at),
          document_number: `PMT-${b.billTo}-${String(payments).padStart(4, '0')}`,
          line_type: 'payment',
          invoice_number: number,
          description_en: `Payment received for invoice ${number}`,
          description_zh: `收到发票 ${number} 的付款`,
          debit: 0,
          credit: amount,
          due_date: null,
        })
      } else {
        creditNotes++
        out.lines.push({
          bill_to_number: b.billTo,
          posted_at: new Date(at),
          document_number: `CRN-${b.billTo}-${String(creditNotes).padStart(4, '0')}`,
          line_type: 'credit_note',
          invoice_number: number,
          description_en: `Credit note: invoice ${number} cancelled`,
          description_zh: `红字冲销：发票 ${number} 已作废`,
          debit: 0,
          credit: amount,
          due_date: null,
        })
      }
    }
  }
  return out
}

/** Indian financial year of a date, e.g. '25-26' */
function fy(d: Date): string {
  const y = d.getUTCFullYear() - (d.getUTCMonth() < 3 ? 1 : 0)
  return `${String(y % 100).padStart(2, '0')}-${String((y + 1) % 100).padStart(2, '0')}`
}

interface NotificationSeed {
  hoursAgo: number
  category: 'order' | 'promotion' | 'account' | 'system'
  /**
   * An order notification is about a real order of the user's account, chosen by the seed (see
   * orderFor): the last one that had shipped / been signed for / was open at the notification's time.
   * Its texts name it with {order}, {carrier} and {tracking}; its link opens it (orderDetail).
   */
  order?: 'shipped' | 'delivered' | 'confirmed'
  en: [string, string]
  zh: [string, string]
  link: { route: string; params: Record<string, string> } | null
}

/** an order notification's link: the order it is about (orderNumber filled in by the seed) */
const ORDER_LINK = { route: 'orderDetail', params: { orderNumber: '{order}' } }
/** An order notification: about a real order of the account (see orderFor), linking to it. */
const aboutOrder = (order: NotificationSeed['order']) => ({ category: 'order' as const, order, link: ORDER_LINK })

/**
 * The order a notification of `kind` sent at `at` is about: of the user's account's orders not named by
 * another notification, the one whose event (shipped / signed for / placed while still open) came last
 * before `at`. Throws when the account has none of that kind: a notification never names an order that
 * does not exist.
 */
export function orderFor(
  kind: NonNullable<NotificationSeed['order']>,
  at: number,
  orders: SeededOrderRef[],
  named: Set<string>,
): SeededOrderRef {
  const eventAt = (o: SeededOrderRef): number | null =>
    kind === 'shipped'
      ? o.shippedAt !== null && o.signedAt === null
        ? o.shippedAt
        : null
      : kind === 'delivered'
        ? o.signedAt
        : !INVOICED_STATUSES.includes(o.status) && o.status !== 'CANCELLED'
          ? o.createdAt
          : null
  // the closest event before `at`; failing that (another seed), the closest one at all
  const distance = (t: number) => (t <= at ? at - t : Number.MAX_SAFE_INTEGER / 2 + (t - at))
  let best: SeededOrderRef | null = null
  for (const o of orders) {
    const t = eventAt(o)
    if (t === null || named.has(o.orderNumber)) continue
    const d = distance(t)
    const bd = best ? distance(eventAt(best)!) : Infinity
    if (d < bd || (d === bd && o.orderNumber > best!.orderNumber)) best = o
  }
  if (!best) throw new Error(`account-records seed: no ${kind} order of the account for a notification`)
  named.add(best.orderNumber)
  return best
}

const fill = (text: string, o: SeededOrderRef | null, lang: 'en' | 'zh') => {
  if (!o) return text
  const carrier = o.carrier ? carrierName(o.carrier, lang) : ''
  return text
    .replaceAll('{order}', o.orderNumber)
    .replaceAll('{carrier}', carrier)
    .replaceAll('{tracking}', o.expressNumber ?? '')
}

/** A promotion notification's link: the promotion's page. */
const promotionLink = (category: string, subject: string, id: string) => ({
  route: 'promotion',
  params: { category, subject, id },
})

/** China's maintenance notice; India's is on another day and in IST. */
const CN_MAINTENANCE: Omit<NotificationSeed, 'hoursAgo'> = {
  category: 'system',
  en: [
    'Scheduled maintenance',
    'The online store will be under maintenance on Saturday from 00:00 to 04:00 (China time).',
  ],
  zh: ['系统维护通知', '网上商城将于周六 00:00-04:00（北京时间）进行系统维护。'],
  link: null,
}

export const NOTIFICATION_SEEDS: Record<string, NotificationSeed[]> = {
  'U-7f3a9c21': [
    {
      hoursAgo: 2,
      ...aboutOrder('shipped'),
      en: [
        'Order shipped',
        'Your order {order} has shipped with {carrier} ({tracking}). Expected delivery: 1-2 business days.',
      ],
      zh: ['订单已发货', '您的订单 {order} 已通过{carrier}发货（运单号 {tracking}），预计 1-2 个工作日送达。'],
    },
    {
      hoursAgo: 20,
      category: 'account',
      en: ['Invoice issued', 'An e-invoice for bill-to 2000001 has been issued. You can view it in your invoice list.'],
      zh: ['发票已开具', '收票方 2000001 的电子发票已开具，可在发票列表中查看。'],
      link: { route: 'invoiceList', params: { billToAccountNumber: '2000001' } },
    },
    {
      hoursAgo: 30,
      category: 'promotion',
      en: [
        'Save 25% on flow cytometry antibodies',
        'Build your next panel for less: 25% off selected flow cytometry antibodies and isotype controls.',
      ],
      zh: ['流式抗体 75 折', '精选流式抗体及同型对照 75 折，轻松搭建下一套抗体组合。'],
      link: promotionLink('antibodies', 'flow-cytometry-antibody-savings', 'PR1001'),
    },
    {
      hoursAgo: 52,
      category: 'account',
      en: ['Payment overdue', 'Bill-to 2000002 has overdue invoices. Please arrange payment or contact online chat.'],
      zh: ['账款逾期提醒', '收票方 2000002 有逾期发票，请尽快安排付款或联系在线客服。'],
      link: { route: 'arStatement', params: { billToAccountNumber: '2000002' } },
    },
    {
      hoursAgo: 75,
      category: 'account',
      en: [
        'Address under review',
        'Your new ship-to address WEB-2026-000123 is under review. Review takes about 2 business days.',
      ],
      zh: ['地址审核中', '您的新收货地址 WEB-2026-000123 正在审核中，审核约需 2 个工作日。'],
      link: { route: 'shipToInfo', params: {} },
    },
    {
      hoursAgo: 98,
      ...aboutOrder('confirmed'),
      en: ['Order confirmed', 'Order {order} has been confirmed and is being prepared.'],
      zh: ['订单已确认', '订单 {order} 已确认，正在备货。'],
    },
    {
      hoursAgo: 140,
      ...aboutOrder('delivered'),
      en: ['Order delivered', 'Order {order} was delivered and signed for by 王小明.'],
      zh: ['订单已签收', '订单 {order} 已由 王小明 签收。'],
    },
    {
      hoursAgo: 190,
      category: 'promotion',
      en: ['Cell culture stock-up: media and FBS', 'Stock up on media, serum and supplements and save up to 30%.'],
      zh: ['细胞培养囤货季：培养基与血清', '培养基、血清与添加剂囤货，最高可省 30%。'],
      link: promotionLink('cell-culture', 'media-and-serum-stock-up', 'PR1003'),
    },
    {
      hoursAgo: 260,
      category: 'account',
      en: ['Supply centre assigned', 'Ship-to 1000001 is now served by the Shanghai Supply Centre (SC-SH-001).'],
      zh: ['供应中心已分配', '收货地址 1000001 现由上海供应中心（SC-SH-001）服务。'],
      link: { route: 'supplyCentre', params: {} },
    },
    { hoursAgo: 330, ...CN_MAINTENANCE },
    {
      hoursAgo: 420,
      category: 'account',
      en: ['AR statement ready', 'Your monthly AR statement for bill-to 2000001 is ready.'],
      zh: ['对账单已生成', '收票方 2000001 的月度对账单已生成。'],
      link: { route: 'arStatement', params: { billToAccountNumber: '2000001' } },
    },
    {
      hoursAgo: 600,
      ...aboutOrder('shipped'),
      en: ['Order shipped', 'Your order {order} has shipped with {carrier} ({tracking}).'],
      zh: ['订单已发货', '您的订单 {order} 已通过{carrier}发货（运单号 {tracking}）。'],
    },
  ],
  'U-9a1b2c3d': [
    {
      hoursAgo: 5,
      ...aboutOrder('shipped'),
      en: ['Order shipped', 'Your order {order} has shipped with {carrier} ({tracking}).'],
      zh: ['订单已发货', '您的订单 {order} 已通过 {carrier} 发货（运单号 {tracking}）。'],
    },
    {
      hoursAgo: 44,
      category: 'account',
      en: ['Invoice issued', 'A tax invoice for bill-to 6000001 has been issued.'],
      zh: ['发票已开具', '收票方 6000001 的税务发票已开具。'],
      link: { route: 'invoiceList', params: { billToAccountNumber: '6000001' } },
    },
    {
      hoursAgo: 120,
      category: 'promotion',
      en: ['PCR and qPCR reagent offer', 'Master mixes, polymerases and reverse transcriptases at 20% off.'],
      zh: ['PCR 与 qPCR 试剂优惠', '预混液、聚合酶与逆转录酶 8 折。'],
      link: promotionLink('reagents-chemicals', 'pcr-enzymes-offer', 'PR1006'),
    },
    {
      hoursAgo: 300,
      category: 'system',
      en: ['Scheduled maintenance', 'The online store will be under maintenance on Sunday from 01:00 to 03:00 (IST).'],
      zh: ['系统维护通知', '网上商城将于周日 01:00-03:00（印度时间）进行系统维护。'],
      link: null,
    },
  ],
  'U-5c6e1f93': [
    {
      hoursAgo: 8,
      ...aboutOrder('confirmed'),
      en: ['Order confirmed', 'Order {order} has been confirmed.'],
      zh: ['订单已确认', '订单 {order} 已确认。'],
    },
    {
      hoursAgo: 96,
      category: 'promotion',
      en: [
        'Buy more, save more on tips and tubes',
        'Order 5 cases of tips or tubes and get 15% off; 10 cases, 25% off.',
      ],
      zh: ['吸头与离心管多买多省', '吸头或离心管满 5 箱享 85 折，满 10 箱享 75 折。'],
      link: promotionLink('lab-plastics', 'bulk-tips-and-tubes', 'PR1004'),
    },
    { hoursAgo: 400, ...CN_MAINTENANCE },
  ],
  // lite.cn: none (the empty state)
}

export async function seedAccountRecords(db: Kysely<DB>, ctx: SeedContext): Promise<void> {
  const anchor = marketingAnchor()
  const a = anchor.getTime()
  const r = createRng((ctx.seed ^ 0x4acc0415) >>> 0)
  const accounts = await db.selectFrom('accounts').select(['id', 'account_number']).execute()
  const accountId = (n: string) => {
    const row = accounts.find((x) => x.account_number === n)
    if (!row) throw new Error(`account-records seed: account ${n} is missing`)
    return row.id
  }

  // the seeded orders (orders.ts runs first): invoices bill them, notifications name them
  const users = await db.selectFrom('users').select(['id', 'account_id']).execute()
  const orderRows = await db
    .selectFrom('orders as o')
    .leftJoin('shipments as s', 's.order_id', 'o.id')
    .select([
      'o.order_number',
      'o.sales_order_number',
      'o.account_id',
      'o.user_id',
      'o.bill_to_number',
      'o.status',
      'o.created_at',
      's.carrier',
      's.express_number',
      's.shipped_at',
      's.signed_at',
    ])
    .orderBy('o.id')
    .orderBy('s.id')
    .execute()
  const ms = (v: Date | string | null) => (v === null ? null : new Date(v).getTime())
  const orders: SeededOrderRef[] = []
  for (const o of orderRows) {
    if (orders.length && orders[orders.length - 1].orderNumber === o.order_number) continue // its first shipment
    orders.push({
      orderNumber: o.order_number,
      salesOrderNumber: o.sales_order_number,
      accountId: o.account_id,
      userId: o.user_id,
      billToNumber: o.bill_to_number,
      status: o.status,
      createdAt: ms(o.created_at)!,
      carrier: o.carrier,
      expressNumber: o.express_number,
      shippedAt: ms(o.shipped_at),
      signedAt: ms(o.signed_at),
    })
  }

  const seq = { n: 0 }
  for (const b of BILL_TO_SEEDS) {
    await db
      .insertInto('bill_to_settings')
      .values({
        bill_to_number: b.billTo,
        account_id: accountId(b.accountNumber),
        currency: b.currency,
        invoice_frequency: b.invoiceFrequency,
        statement_frequency: b.statementFrequency,
        credit_limit: b.creditLimit * 100,
        invoice_title: b.title,
        tax_number: b.taxNumber,
        bank: b.bank,
        bank_account: b.bankAccount,
      })
      .execute()
    const ledger = generateLedger(
      b,
      anchor,
      r,
      seq,
      orders.filter((o) => o.accountId === accountId(b.accountNumber) && o.billToNumber === b.billTo),
    )
    if (ledger.invoices.length) await db.insertInto('invoices').values(ledger.invoices).execute()
    if (ledger.lines.length) await db.insertInto('ar_lines').values(ledger.lines).execute()
  }

  await db
    .insertInto('supply_center_options')
    .values(
      SUPPLY_CENTER_OPTIONS.map((o, i) => ({
        supply_center_id: o.id,
        country: o.country,
        name_en: o.en,
        name_zh: o.zh,
        city_en: o.cityEn,
        city_zh: o.cityZh,
        operation_status: o.status,
        sort_order: i,
      })),
    )
    .execute()

  // approved.cn's earlier (approved) application that gave ship-to 1000001 its centre
  const st1 = await db
    .selectFrom('ship_tos')
    .select(['id', 'account_id'])
    .where('address_key', '=', 'ST-1000001-01')
    .executeTakeFirstOrThrow()
  const scSubmitted = new Date(startOfUtcDay(a - 62 * DAY) + 3 * HOUR)
  await db
    .insertInto('supply_center_requests')
    .values({
      account_id: st1.account_id,
      user_id: 'U-7f3a9c21',
      ship_to_id: st1.id,
      ship_to_num: '1000001',
      supply_center_id: 'SC-SH-001',
      kind: 'apply',
      reason: '实验室位于上海，希望由上海供应中心配送以缩短到货时间。',
      status: 'APPROVED',
      submitted_at: scSubmitted,
      review_due_by: addBusinessDays(scSubmitted, REVIEW_BUSINESS_DAYS.supplyCentre, 'cn'),
    })
    .execute()

  let nid = 100
  const notifications = Object.entries(NOTIFICATION_SEEDS).flatMap(([userId, list]) => {
    const user = users.find((u) => u.id === userId)
    const own = orders.filter((o) => o.accountId === user?.account_id)
    const named = new Set<string>()
    return list.map((n) => {
      const at = a - n.hoursAgo * HOUR
      const o = n.order ? orderFor(n.order, at, own, named) : null
      const params = n.link && Object.fromEntries(Object.entries(n.link.params).map(([k, v]) => [k, fill(v, o, 'en')]))
      return {
        id: `N-${String(++nid).padStart(6, '0')}`,
        user_id: userId,
        category: n.category,
        title_en: n.en[0],
        body_en: fill(n.en[1], o, 'en'),
        title_zh: n.zh[0],
        body_zh: fill(n.zh[1], o, 'zh'),
        link_route: n.link?.route ?? null,
        link_params: params ? JSON.stringify(params) : null,
        created_at: new Date(at),
      }
    })
  })
  await db.insertInto('notifications').values(notifications).execute()

  // lite.cn's own address, waiting for review (the Partially Registered path)
  const lite = await db
    .selectFrom('ship_tos')
    .select('id')
    .where('address_key', '=', 'ST-PENDING-000456')
    .executeTakeFirstOrThrow()
  const obSubmitted = new Date(a - 20 * HOUR)
  await db
    .insertInto('onboarding_requests')
    .values({
      user_id: 'U-2b8d4e60',
      kind: 'address',
      status: 'PENDING',
      ship_to_id: lite.id,
      submitted_at: obSubmitted,
      review_due_by: addBusinessDays(obSubmitted, REVIEW_BUSINESS_DAYS.address, 'cn'),
    })
    .execute()

  await seedPendingDecisions(db, a)
}

/**
 * Issue 24: records waiting for a staff decision, two of each kind (the role matrix approves one and rejects the
 * other: tests/server/staff-samples/account.ts): the reviews of the two PENDING ship-tos, a supply-centre
 * application of distributor.cn and of approved.in, and link-account requests of two newly registered
 * (Partially Registered) users who are not demo users.
 */
async function seedPendingDecisions(db: Kysely<DB>, a: number) {
  const pendingShipTos = [
    { key: 'ST-PENDING-000123', userId: 'U-7f3a9c21', hoursAgo: 30 },
    { key: 'ST-PENDING-000456', userId: 'U-2b8d4e60', hoursAgo: 20 },
  ]
  for (const p of pendingShipTos) {
    const st = await db
      .selectFrom('ship_tos')
      .select(['id', 'account_id', 'web_reference'])
      .where('address_key', '=', p.key)
      .executeTakeFirstOrThrow()
    const submitted = new Date(a - p.hoursAgo * HOUR)
    await db
      .insertInto('ship_to_reviews')
      .values({
        ship_to_id: st.id,
        account_id: st.account_id,
        user_id: p.userId,
        web_reference: st.web_reference!,
        status: 'PENDING',
        submitted_at: submitted,
        review_due_by: addBusinessDays(submitted, REVIEW_BUSINESS_DAYS.address, 'cn'),
      })
      .execute()
  }

  const applications = [
    {
      shipToKey: 'ST-3000001-01',
      centre: 'SC-SH-001',
      country: 'cn',
      hoursAgo: 50,
      reason: '仓库位于上海，希望由上海供应中心就近配送。',
    },
    {
      shipToKey: 'ST-5000001-01',
      centre: 'SC-BLR-101',
      country: 'in',
      hoursAgo: 6,
      reason: 'Our campus is in Bengaluru; the local supply centre would shorten deliveries.',
    },
  ]
  for (const p of applications) {
    const st = await db
      .selectFrom('ship_tos as s')
      .innerJoin('users as u', 'u.account_id', 's.account_id')
      .select(['s.id', 's.account_id', 's.account_number', 'u.id as user_id'])
      .where('s.address_key', '=', p.shipToKey)
      .executeTakeFirstOrThrow()
    const submitted = new Date(a - p.hoursAgo * HOUR)
    await db
      .insertInto('supply_center_requests')
      .values({
        account_id: st.account_id,
        user_id: st.user_id,
        ship_to_id: st.id,
        ship_to_num: st.account_number!,
        supply_center_id: p.centre,
        kind: 'apply',
        reason: p.reason,
        status: 'PENDING',
        submitted_at: submitted,
        review_due_by: addBusinessDays(submitted, REVIEW_BUSINESS_DAYS.supplyCentre, p.country),
      })
      .execute()
  }

  const registrants = [
    {
      id: 'U-3e7b5d19',
      userName: 'newlab.cn',
      firstName: '晨',
      lastName: '孙',
      email: 'sun.chen@example.edu.cn',
      cdcUid: 'cdc-7e2f9a1b3c4d5e60',
      link: { accountNumber: '1000001', company: '复旦大学生命科学学院', zip: '200438' },
      hoursAgo: 26,
    },
    {
      id: 'U-8a1c6f42',
      userName: 'newtrader.cn',
      firstName: '婷',
      lastName: '何',
      email: 'he.ting@example.com',
      cdcUid: 'cdc-1a9b8c7d6e5f4032',
      link: { accountNumber: '3000009', company: '上海华生科技', zip: '201100' },
      hoursAgo: 80,
    },
  ]
  for (const [i, p] of registrants.entries()) {
    const { id: accountId } = await db
      .insertInto('accounts')
      .values({ account_number: null, name: '个人注册用户', account_type: 'customer', country: 'cn' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('users')
      .values({
        id: p.id,
        user_name: p.userName,
        first_name: p.firstName,
        last_name: p.lastName,
        siebel_row_id: null,
        cdc_uid: p.cdcUid,
        email: p.email,
        phone: null,
        country: 'cn',
        language: 'zh',
        ma_country: 'CN',
        registration_status: 'Partially Registered',
        account_id: accountId,
        analytics_client_id: `GA1.2.${1000010 + i}.1767225600`,
      })
      .execute()
    const submitted = new Date(a - p.hoursAgo * HOUR)
    await db
      .insertInto('onboarding_requests')
      .values({
        user_id: p.id,
        kind: 'link-account',
        status: 'PENDING',
        account_number: p.link.accountNumber,
        company_or_institution: p.link.company,
        zip_code: p.link.zip,
        submitted_at: submitted,
        review_due_by: addBusinessDays(submitted, REVIEW_BUSINESS_DAYS.linkAccount, 'cn'),
      })
      .execute()
  }
}
