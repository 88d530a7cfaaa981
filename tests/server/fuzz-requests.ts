import fc from 'fast-check'

/**
 * Request generators for the fuzz test (tests/server/fuzz.test.ts): from an OpenAPI 3.1 operation, bodies,
 * queries, path parameters and headers that are mostly almost right (so the handler runs) with bad strings,
 * wrong types, unknown keys and broken encodings mixed in.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  patternProperties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  format?: string
}

export interface Operation {
  method: string
  path: string
  parameters?: { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

export interface FuzzRequest {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string
}

/** Values the database refuses or that have broken many servers: NUL, unpaired surrogates, long, odd. */
export const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\u0000',
  '😀'.repeat(3000),
  '😀'.slice(0, 1),
  '',
  ' ',
  '\t\n\r',
  '\u200b\u200f\u202e',
  'ﬀ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '抗体',
  '中文测试中文测试',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%',
  '_',
  '\\',
  '\\x00',
  '%00',
  '..',
  '../../etc/passwd',
  '/\\evil.example',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '2026-02-30',
  '2026-13-01',
  '9999-12-31T23:59:59Z',
  'x'.repeat(10_001),
  'A'.repeat(257),
  'Bearer ',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
]

/** Characters PostgreSQL cannot store in text or jsonb: NUL and unpaired UTF-16 surrogates. */
const UNSTORABLE = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '😀'.charAt(0), '😀'.charAt(1)]

/** `base` with one unstorable character put somewhere in it. */
const withUnstorable = (base: fc.Arbitrary<string>) =>
  fc.tuple(base, fc.constantFrom(...UNSTORABLE), fc.nat()).map(([b, bad, at]) => {
    const i = b.length ? at % (b.length + 1) : 0
    return b.slice(0, i) + bad + b.slice(i)
  })

/** Wrong-typed values to put where the schema wants something else. */
const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.dictionary(withUnstorable(fc.string({ maxLength: 6 })), withUnstorable(fc.string({ maxLength: 10 })), {
    maxKeys: 3,
  }),
  fc.array(withUnstorable(fc.string({ maxLength: 10 })), { maxLength: 3 }),
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53,
    [],
    {},
    [null],
    { '': null },
    JSON.parse('{"__proto__":1}') as Json,
  ),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
)

/** `arb` with probability `p`, otherwise undefined */
const sometimes = <T>(arb: fc.Arbitrary<T>, p: number): fc.Arbitrary<T | undefined> =>
  fc.oneof(
    { weight: Math.round(p * 1000), arbitrary: arb },
    { weight: Math.round((1 - p) * 1000), arbitrary: fc.constant(undefined) },
  )

export interface Pools {
  /** realistic strings from the seeded database (catalogue numbers, ids, keys, account numbers) */
  real: string[]
  /** the caller's own values by field name (userId, username...), when the request carries a user's token */
  self?: Record<string, string>
  /** the caller's own keys and numbers (address keys, bill-to numbers...) */
  own?: string[]
}

const strings = (pools: Pools, s: JsonSchema): fc.Arbitrary<string> => {
  const shaped = fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 80) })
  const arbs: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.constantFrom(...pools.real) },
    ...(pools.own?.length ? [{ weight: 4, arbitrary: fc.constantFrom(...pools.own) }] : []),
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 4, arbitrary: withUnstorable(fc.constantFrom(...pools.real)) },
    { weight: 2, arbitrary: shaped },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  ]
  if (s.format === 'date-time')
    arbs.push({ weight: 4, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) })
  if (s.pattern?.includes('\\d{4}-'))
    arbs.push({
      weight: 4,
      arbitrary: fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, s.pattern!.includes('(0[1-9]') ? 7 : 10)),
    })
  return fc.oneof(...arbs)
}

/** The caller's own value for a field like userId, most of the time (else the owner check answers 403 first). */
const selfOr = (name: string, arb: fc.Arbitrary<Json>, pools: Pools): fc.Arbitrary<Json> =>
  pools.self?.[name] !== undefined
    ? fc.oneof({ weight: 6, arbitrary: fc.constant(pools.self[name]) }, { weight: 1, arbitrary: arb })
    : arb

/** A value for `s`: usually valid in shape, with a bad leaf (nasty string, wrong type, unknown key) now and then. */
export function valueFor(s: JsonSchema, pools: Pools, depth = 0): fc.Arbitrary<Json> {
  if (depth > 5) return fc.constant(null)
  const good = goodFor(s, pools, depth)
  return fc.oneof({ weight: 24, arbitrary: good }, { weight: 1, arbitrary: oddValue })
}

function goodFor(s: JsonSchema, pools: Pools, depth: number): fc.Arbitrary<Json> {
  if (s.const !== undefined) return fc.constant(s.const as Json)
  if (s.enum) return fc.constantFrom(...(s.enum as Json[]))
  const alts = s.anyOf ?? s.oneOf
  if (alts?.length) return fc.oneof(...alts.map((a) => valueFor(a, pools, depth + 1)))
  if (s.allOf?.length) {
    return fc
      .tuple(...s.allOf.map((a) => valueFor(a, pools, depth + 1)))
      .map((parts) =>
        parts.reduce<Json>(
          (acc, p) =>
            p && typeof p === 'object' && !Array.isArray(p) && acc && typeof acc === 'object' && !Array.isArray(acc)
              ? { ...acc, ...p }
              : p,
          {},
        ),
      )
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type
  switch (type) {
    case 'string':
      return strings(pools, s)
    case 'integer':
      return fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: s.minimum ?? -10, max: s.maximum ?? 10_000 }) },
        fc.constantFrom(0, -1, (s.maximum ?? 100) + 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER),
      )
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -0.5, 1e20))
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const item = valueFor(s.items ?? {}, pools, depth + 1)
      return fc.oneof(
        {
          weight: 6,
          arbitrary: fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 4) }),
        },
        {
          weight: 1,
          arbitrary: fc.array(item, { minLength: (s.maxItems ?? 100) + 1, maxLength: (s.maxItems ?? 100) + 2 }),
        },
      )
    }
    case 'object':
    default: {
      if (!s.properties && !s.patternProperties)
        return type === 'object' ? fc.dictionary(fc.string({ maxLength: 8 }), oddValue, { maxKeys: 3 }) : oddValue
      const props = Object.entries(s.properties ?? {})
      const required = new Set(s.required ?? [])
      const rec: Record<string, fc.Arbitrary<Json | undefined>> = {}
      for (const [k, ps] of props) {
        const v = selfOr(k, valueFor(ps, pools, depth + 1), pools)
        // required keys are present 24 times in 25, optional ones half the time
        rec[k] = required.has(k)
          ? fc.oneof({ weight: 24, arbitrary: v }, { weight: 1, arbitrary: fc.constant(undefined) })
          : sometimes(v, 0.5)
      }
      return fc
        .tuple(
          fc.record(rec),
          sometimes(
            fc.dictionary(fc.constantFrom('extra', '__proto__', '\u0000', '\ud800', 'constructor'), oddValue, {
              minKeys: 1,
              maxKeys: 2,
            }),
            1 / 16,
          ),
        )
        .map(([o, extra]) => {
          const out: Record<string, Json> = {}
          for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v
          if (extra)
            for (const [k, v] of Object.entries(extra))
              Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
          return out
        })
    }
  }
}

/**
 * percent-encoding that also writes what encodeURIComponent refuses: an unpaired surrogate as its
 * (invalid) UTF-8 bytes, as a careless client would.
 */
export function pct(s: string): string {
  let out = ''
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (c >= 0xd800 && c <= 0xdfff)
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase()
    else out += encodeURIComponent(ch)
  }
  return out
}

const asParam = (v: Json): string[] =>
  v === null || v === undefined
    ? []
    : Array.isArray(v)
      ? v.flatMap((x) => (typeof x === 'object' && x !== null ? [JSON.stringify(x)] : [String(x)]))
      : typeof v === 'object'
        ? [JSON.stringify(v)]
        : [String(v)]

/** Raw query tails a hand-made client could send: broken escapes, repeated keys, no value. */
const RAW_QUERY_NOISE = [
  '%',
  '%zz',
  '%FF%FE',
  'a=%E0%A4%A',
  '&&&',
  '=x',
  'page=1&page=2',
  'x',
  '%00=%00',
  '__proto__[x]=1',
  'q[]=1',
]

export interface Tokens {
  /** a valid bearer token per seeded user, with the user's own values */
  users: { token: string; self: Record<string, string>; own: string[] }[]
  expired: string
}

/** One generated request for `op` (an OpenAPI operation with its path template): as a seeded user, anonymous, or with a bad token. */
export function requestFor(op: Operation, pools: Pools, tokens: Tokens): fc.Arbitrary<FuzzRequest> {
  const badAuth = [
    `Bearer ${tokens.expired}`,
    'Bearer x.y.z',
    'Basic Zm9vOmJhcg==',
    'Bearer',
    `Bearer ${tokens.users[0].token}x`,
  ]
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...tokens.users)
        .chain((u) => build(op, { ...pools, self: u.self, own: u.own }, fc.constant(`Bearer ${u.token}`))),
    },
    { weight: 2, arbitrary: build(op, pools, fc.constant(undefined)) },
    { weight: 1, arbitrary: build(op, pools, fc.constantFrom(...badAuth)) },
  )
}

function build(
  op: Operation,
  pools: Pools,
  authorization: fc.Arbitrary<string | undefined>,
): fc.Arbitrary<FuzzRequest> {
  const params = op.parameters ?? []
  const query = params.filter((p) => p.in === 'query')
  const path = params.filter((p) => p.in === 'path')
  const bodySchema = op.requestBody?.content['application/json']?.schema

  const queryArb = fc
    .tuple(
      fc.tuple(
        ...query.map((p) => sometimes(selfOr(p.name, valueFor(p.schema, pools), pools), p.required ? 0.95 : 0.5)),
      ),
      sometimes(fc.constantFrom(...RAW_QUERY_NOISE), 1 / 12),
    )
    .map(([vals, noise]) => {
      const parts: string[] = []
      query.forEach((p, i) => {
        for (const v of asParam(vals[i] as Json)) parts.push(`${pct(p.name)}=${pct(v)}`)
      })
      if (noise) parts.push(noise)
      return parts.length ? `?${parts.join('&')}` : ''
    })
  const pathArb = fc.tuple(...path.map((p) => valueFor(p.schema, pools))).map((vals) => {
    let url = op.path
    path.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, pct(asParam(vals[i] as Json)[0] ?? '') || '%20')
    })
    return url
  })
  const bodyArb: fc.Arbitrary<string | undefined> =
    op.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(
          {
            weight: 12,
            arbitrary: (bodySchema ? valueFor(bodySchema, pools) : oddValue).map((v) => JSON.stringify(v)),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              '',
              '{',
              '{"a":',
              'null',
              '"\\u0000"',
              '{"x":"\\ud800"}',
              '['.repeat(2000),
              '{"__proto__":{"polluted":1}}',
            ),
          },
          { weight: 1, arbitrary: fc.constant(undefined) },
        )
  const headersArb = fc.record({
    authorization,
    languagecode: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('en', 'cn', 'zh', undefined) },
      { weight: 1, arbitrary: fc.constantFrom('fr', '', 'EN ') },
    ),
    countrycode: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('cn', 'in', undefined) },
      { weight: 1, arbitrary: fc.constantFrom('us', '') },
    ),
    'content-type': fc.oneof(
      { weight: 12, arbitrary: fc.constant('application/json') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          'multipart/form-data',
        ),
      },
    ),
    source: sometimes(fc.constantFrom('wechat', 'h5', 'x'.repeat(100)), 1 / 3),
    userid: sometimes(selfOr('userid', fc.constantFrom(...pools.real), pools) as fc.Arbitrary<string>, 1 / 12),
  })
  return fc.record({ path: pathArb, query: queryArb, payload: bodyArb, headers: headersArb }).map((r) => {
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) headers[k] = v
    if (r.payload === undefined) delete headers['content-type']
    return { method: op.method, url: r.path + r.query, headers, payload: r.payload }
  })
}
