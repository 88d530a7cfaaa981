import type { ShipTo, UserInfo } from '../../../types'
import { productImageUrl } from '../catalog/product-image'
import { displayName } from '../account/person-name'
import { routeByPage, specUrl } from '../../../types/routes'

/**
 * Customer-service chat rules (spec sections 7 and 9).
 *
 * Section 7: "Chat support is opened with a payload of employee id, email, name, analytics id,
 * location, country, phone and company."
 * - employee id: userProfile.userId. It is chosen over siebelRowId because every logged-in user
 *   has one (a Partially Registered user has no Siebel row id yet) and it is the id the rest of the
 *   app sends as the `userid` header, so the service desk sees one id per user.
 * - location: the app address of the page the chat was opened from.
 * - company: the default ship-to's companyOrInstitution (the first ship-to when none is default).
 * - Anonymous visitors get the anonymous payload: only analytics id, location and country.
 */
export interface ChatPayload {
  employeeId: string
  email: string
  name: string
  analyticsId: string
  location: string
  country: string
  phone: string
  company: string
}

export const CHAT_PAYLOAD_KEYS: (keyof ChatPayload)[] = [
  'employeeId',
  'email',
  'name',
  'analyticsId',
  'location',
  'country',
  'phone',
  'company',
]

function defaultShipTo(user: UserInfo): ShipTo | null {
  const all = user.allShipToBillToAddresses.map((x) => x.shipTo)
  return all.find((s) => s.isDefault) ?? all[0] ?? null
}

export function buildChatPayload(input: {
  user: UserInfo | null
  location: string
  country: string
  analyticsId: string | null
}): ChatPayload {
  const base = { analyticsId: input.analyticsId ?? '', location: input.location, country: input.country }
  const u = input.user
  if (!u) return { employeeId: '', email: '', name: '', phone: '', company: '', ...base }
  const shipTo = defaultShipTo(u)
  const p = u.userProfile
  return {
    ...base,
    employeeId: p.userId,
    email: p.contactInfo.primaryEmail ?? '',
    name: displayName(p.firstName, p.lastName),
    phone: p.contactInfo.phone ?? shipTo?.phoneNumber ?? '',
    company: shipTo?.companyOrInstitution ?? '',
  }
}

// ---------------------------------------------------------------- analytics client id

/** 'GA1.2.1234567.1767225600' (the _ga cookie's form) → '1234567.1767225600'; other non-empty values as they are. */
export function normalizeAnalyticsId(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim()
  if (!v) return null
  const m = /^GA\d+\.\d+\.(\d+\.\d+)$/i.exec(v)
  return m ? m[1] : v
}

/** The client id in a document.cookie string (`_ga=GA1.2.x.y`), or null. */
export function analyticsIdFromCookie(cookie: string | null | undefined): string | null {
  const hit = (cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('_ga='))
  if (!hit) return null
  let v = hit.slice(4)
  try {
    v = decodeURIComponent(v)
  } catch {
    /* keep as is */
  }
  return normalizeAnalyticsId(v)
}

/** A global analytics object (analytics.js `ga`): the first tracker's clientId, when it has loaded. */
export function analyticsIdFromGlobal(ga: unknown): string | null {
  try {
    const all = (ga as { getAll?: () => { get: (k: string) => unknown }[] } | undefined)?.getAll?.()
    const id = all?.[0]?.get('clientId')
    return typeof id === 'string' ? normalizeAnalyticsId(id) : null
  } catch {
    return null
  }
}

/** Spec section 7: "The analytics client id is polled every 1 second, up to 30 times." */
export const ANALYTICS_POLL_MS = 1000
export const ANALYTICS_POLL_TRIES = 30

export interface PollHandle {
  /** resolves with the first id read, or null after the last try (or when stopped) */
  result: Promise<string | null>
  /** stops waiting now: resolves with null unless an id was already read */
  stop: () => void
}

/**
 * Reads the id at once, then every `intervalMs` until a value comes back or `maxTries` reads were
 * made; the chat is then opened with or without it.
 */
export function pollAnalyticsId(
  read: () => string | null,
  opts: { intervalMs?: number; maxTries?: number; onTry?: (tries: number) => void } = {},
): PollHandle {
  const intervalMs = opts.intervalMs ?? ANALYTICS_POLL_MS
  const maxTries = opts.maxTries ?? ANALYTICS_POLL_TRIES
  let timer: ReturnType<typeof setTimeout> | null = null
  let done = false
  let finish: (v: string | null) => void = () => undefined
  const result = new Promise<string | null>((resolve) => {
    finish = (v) => {
      if (done) return
      done = true
      if (timer) clearTimeout(timer)
      timer = null
      resolve(v)
    }
  })
  let tries = 0
  const attempt = () => {
    if (done) return
    tries++
    opts.onTry?.(tries)
    let v: string | null = null
    try {
      v = read()
    } catch {
      v = null
    }
    if (v) return finish(v)
    if (tries >= maxTries) return finish(null)
    timer = setTimeout(attempt, intervalMs)
  }
  attempt()
  return { result, stop: () => finish(null) }
}

// ---------------------------------------------------------------- product card

/** Spec section 9: "Chat card: short description truncated to 40 characters; image suffix -150.jpg". */
export const CHAT_CARD_DESCRIPTION_MAX = 40

/** The first 40 characters (whole characters, not UTF-16 halves), with '...' when something was cut. */
export function truncateDescription(text: string | null | undefined, max = CHAT_CARD_DESCRIPTION_MAX): string {
  const chars = Array.from((text ?? '').replace(/\s+/g, ' ').trim())
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : chars.join('')
}

export interface ChatProduct {
  catalogNumber: string
  title: string
  description?: string | null
  image?: string | null
}

export interface ChatCard {
  catalogNumber: string
  title: string
  description: string
  image: string
  /** the product page's app address */
  url: string
}

export function chatProductCard(p: ChatProduct, imageBase = ''): ChatCard {
  return {
    catalogNumber: p.catalogNumber,
    title: p.title,
    description: truncateDescription(p.description),
    image: productImageUrl(p.image, 150, imageBase),
    url: specUrl('productDetails', { title: p.title, catalogNumber: p.catalogNumber }),
  }
}

/** Plain text of a product's sanitized description HTML (tags dropped, common entities read). */
export function plainText(html: string | null | undefined): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' }
  return (html ?? '')
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => entities[e])
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * What a product page hands the header's chat icon: its catalogue number, title, the description
 * as the card will show it (plain text, 40 characters) and its image path.
 */
export function chatProductOf(d: {
  catalogNumber: string
  productTitle: string
  descriptionHtml?: string | null
  image?: string | null
}): ChatProduct {
  return {
    catalogNumber: d.catalogNumber,
    title: d.productTitle,
    description: truncateDescription(plainText(d.descriptionHtml)),
    image: d.image ?? null,
  }
}

/** The query parameters a product travels with from the header's chat icon to the chat page. */
export const chatProductParams = (p: ChatProduct) => ({
  catalogNumber: p.catalogNumber,
  title: p.title,
  description: p.description ?? undefined,
  image: p.image ?? undefined,
})

/** Reads a product back from the chat page's query; null without catalogNumber and title. */
export function chatProductFromParams(params: Record<string, string | undefined>): ChatProduct | null {
  // page parameters arrive as they stand in the address: '+' is a space there, a literal plus is %2B
  const dec = (v: string | undefined) => {
    if (!v) return ''
    const s = v.replace(/\+/g, ' ')
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  }
  const catalogNumber = dec(params.catalogNumber)
  const title = dec(params.title)
  if (!catalogNumber || !title) return null
  return { catalogNumber, title, description: dec(params.description) || null, image: dec(params.image) || null }
}

// ---------------------------------------------------------------- where the chat was opened, and the widget address

/** The spec address of a Taro page and its query (e.g. /product-details/Anti-CD3/MA1-10175), or the page path. */
export function chatLocation(pageRoute: string | undefined, options: Record<string, string | undefined> = {}): string {
  if (!pageRoute) return ''
  const r = routeByPage(pageRoute)
  const params: Record<string, string> = {}
  for (const [k, v] of Object.entries(options)) {
    if (k === '$taroTimestamp' || typeof v !== 'string') continue
    try {
      params[k] = decodeURIComponent(v)
    } catch {
      params[k] = v
    }
  }
  return r ? specUrl(r.name, params) : `/${pageRoute.replace(/^\//, '')}`
}

/** The widget address with the payload (and the product card) as URL-encoded query; empty values are left out. */
export function chatWidgetAddress(widgetUrl: string, payload: ChatPayload, card?: ChatCard | null): string {
  const q: [string, string][] = CHAT_PAYLOAD_KEYS.map((k) => [k, payload[k]])
  if (card) {
    q.push(
      ['productCatalogNumber', card.catalogNumber],
      ['productTitle', card.title],
      ['productDescription', card.description],
      ['productImage', card.image],
      ['productUrl', card.url],
    )
  }
  const qs = q
    .filter(([, v]) => v)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&')
  if (!qs) return widgetUrl
  return `${widgetUrl}${widgetUrl.includes('?') ? '&' : '?'}${qs}`
}

/**
 * What the chat page shows: the widget address with the payload, or null while the widget's address
 * or the session is not known yet. Spec section 7 polls the analytics client id "every 1 second, up
 * to 30 times"; the poll does not hold the chat back (issue 8): the widget opens at once, with the
 * logged-in user's analyticsClientId or without an id, and the polled id joins the payload when read.
 */
export function chatWidgetSrc(input: {
  widgetUrl: string | null | undefined
  sessionKnown: boolean
  user: UserInfo | null
  location: string
  country: string
  /** the id the poll has read so far (null while it has read none) */
  polledAnalyticsId: string | null
  card?: ChatCard | null
}): string | null {
  if (!input.widgetUrl || !input.sessionKnown) return null
  const analyticsId = input.polledAnalyticsId ?? normalizeAnalyticsId(input.user?.analyticsClientId)
  const payload = buildChatPayload({ user: input.user, location: input.location, country: input.country, analyticsId })
  return chatWidgetAddress(input.widgetUrl, payload, input.card)
}
