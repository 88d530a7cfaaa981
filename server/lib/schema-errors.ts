/**
 * The 400 message of a request that its route's schema refuses: every failing field named by its
 * path (`body/items/0/quantity`), with what is wrong, in the request's language ("Bad input gets a
 * clear error in the user's language"). Chinese is the default, as for the rest of the API
 * (server/locale.ts); `languagecode: en` gives English.
 */

export interface SchemaError {
  keyword: string
  instancePath: string
  message?: string
  params?: Record<string, unknown>
}

export type MessageLanguage = 'en' | 'zh'

type Say = (at: string, p: Record<string, unknown>, e: SchemaError) => string

const EN: Record<string, Say> = {
  required: (at, p) => `${at}/${String(p.missingProperty)} is required`,
  additionalProperties: (at, p) => `${at}/${String(p.additionalProperty)} is not allowed (unknown property)`,
  const: (at, p) => `${at} must be '${String(p.allowedValue)}'`,
}

const ZH: Record<string, Say> = {
  required: (at, p) => `${at}/${String(p.missingProperty)} 为必填项`,
  additionalProperties: (at, p) => `${at}/${String(p.additionalProperty)} 不是可接受的字段`,
  const: (at, p) => `${at} 必须为 '${String(p.allowedValue)}'`,
  maxLength: (at, p) => `${at} 不能超过 ${String(p.limit)} 个字符`,
  minLength: (at, p) => (p.limit === 1 ? `${at} 不能为空` : `${at} 至少需要 ${String(p.limit)} 个字符`),
  maximum: (at, p) => `${at} 不能大于 ${String(p.limit)}`,
  exclusiveMaximum: (at, p) => `${at} 必须小于 ${String(p.limit)}`,
  minimum: (at, p) => `${at} 不能小于 ${String(p.limit)}`,
  exclusiveMinimum: (at, p) => `${at} 必须大于 ${String(p.limit)}`,
  maxItems: (at, p) => `${at} 最多 ${String(p.limit)} 项`,
  minItems: (at, p) => `${at} 至少 ${String(p.limit)} 项`,
  uniqueItems: (at) => `${at} 不能有重复项`,
  pattern: (at) => `${at} 格式不正确`,
  format: (at, p) => `${at} 格式不正确（应为 ${String(p.format)}）`,
  type: (at, p) => `${at} 类型不正确（应为 ${TYPE_ZH[String(p.type)] ?? String(p.type)}）`,
  enum: (at, p) => `${at} 必须是以下之一：${((p.allowedValues as unknown[]) ?? []).map(String).join('、')}`,
}

const TYPE_ZH: Record<string, string> = {
  string: '文本',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  array: '列表',
  object: '对象',
  null: '空值',
}

/** Ajv/TypeBox errors → one message per failing field; a missing or unknown property is named itself. */
export function schemaErrorMessage(errors: readonly SchemaError[], dataVar: string, language: MessageLanguage): string {
  const say = language === 'en' ? EN : ZH
  const msgs: string[] = []
  for (const e of errors) {
    if (e.keyword === 'boolean' && e.message === 'schema is false') continue // reported by its additionalProperties
    const at = `${dataVar}${e.instancePath ?? ''}`
    const p = e.params ?? {}
    // one message per missing / unknown property
    const each =
      e.keyword === 'required'
        ? ((p.requiredProperties as string[] | undefined) ?? [p.missingProperty]).map((n) => ({ missingProperty: n }))
        : e.keyword === 'additionalProperties'
          ? ((p.additionalProperties as string[] | undefined) ?? [p.additionalProperty]).map((n) => ({
              additionalProperty: n,
            }))
          : [p]
    for (const q of each) {
      const f = say[e.keyword]
      msgs.push(f ? f(at, q, e) : language === 'en' ? `${at} ${e.message ?? 'is invalid'}` : `${at} 不符合要求`)
    }
  }
  const unique = [...new Set(msgs)]
  if (unique.length) return unique.join(language === 'en' ? '; ' : '；')
  return language === 'en' ? `${dataVar} is invalid` : `${dataVar} 不符合要求`
}

/**
 * The same errors by field, for a form to show beside each field (issue 25: the console's forms): the field's path
 * inside the refused part (`reason`, nested `items.0.quantity`; a missing or unknown property by its own name) →
 * what is wrong with it, in the request's language, without the path (several problems of one field joined).
 */
export function schemaFieldErrors(errors: readonly SchemaError[], language: MessageLanguage): Record<string, string> {
  const say = language === 'en' ? FIELD_EN : FIELD_ZH
  // a Map: a field is named by the request ("constructor", "__proto__"), never looked up on an object's prototype
  const out = new Map<string, string[]>()
  const add = (segments: string[], message: string) => {
    const field = segments.filter(Boolean).join('.') || '_'
    const list = out.get(field) ?? []
    out.set(field, list)
    if (!list.includes(message)) list.push(message)
  }
  for (const e of errors) {
    if (e.keyword === 'boolean' && e.message === 'schema is false') continue // reported by its additionalProperties
    const at = (e.instancePath ?? '').split('/').slice(1)
    const p = e.params ?? {}
    if (e.keyword === 'required') {
      for (const name of (p.requiredProperties as string[] | undefined) ?? [String(p.missingProperty)])
        add([...at, name], say.required(p, e))
    } else if (e.keyword === 'additionalProperties') {
      for (const name of (p.additionalProperties as string[] | undefined) ?? [String(p.additionalProperty)])
        add([...at, name], say.additionalProperties(p, e))
    } else {
      const f = Object.hasOwn(say, e.keyword) ? say[e.keyword] : undefined
      add(at, f ? f(p, e) : language === 'en' ? (e.message ?? 'Invalid value') : '不符合要求')
    }
  }
  return Object.fromEntries([...out].map(([k, v]) => [k, v.join(language === 'en' ? '; ' : '；')]))
}

type SayField = (p: Record<string, unknown>, e: SchemaError) => string
const FIELD_EN: Record<string, SayField> = {
  required: () => 'Required',
  additionalProperties: () => 'Not an accepted field',
  const: (p) => `Must be '${String(p.allowedValue)}'`,
  maxLength: (p) => `At most ${String(p.limit)} characters`,
  minLength: (p) => (p.limit === 1 ? 'Must not be empty' : `At least ${String(p.limit)} characters`),
  maximum: (p) => `At most ${String(p.limit)}`,
  exclusiveMaximum: (p) => `Must be less than ${String(p.limit)}`,
  minimum: (p) => `At least ${String(p.limit)}`,
  exclusiveMinimum: (p) => `Must be more than ${String(p.limit)}`,
  maxItems: (p) => `At most ${String(p.limit)} items`,
  minItems: (p) => `At least ${String(p.limit)} items`,
  uniqueItems: () => 'Must not repeat an item',
  pattern: () => 'Not in the expected format',
  format: (p) => `Not in the expected format (${String(p.format)})`,
  type: (p) => `Must be ${TYPE_EN[String(p.type)] ?? String(p.type)}`,
  enum: (p) => `Must be one of: ${((p.allowedValues as unknown[]) ?? []).map(String).join(', ')}`,
}
const TYPE_EN: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'empty',
}
const FIELD_ZH: Record<string, SayField> = {
  required: () => '必填',
  additionalProperties: () => '不是可接受的字段',
  ...Object.fromEntries(
    Object.entries(ZH)
      .filter(([k]) => k !== 'required' && k !== 'additionalProperties')
      .map(([k, f]): [string, SayField] => [k, (p, e) => f('', p, e).trim()]),
  ),
}

/** The language of a request's messages: English for `languagecode: en`, otherwise Chinese (the default). */
export const messageLanguage = (language: string | undefined): MessageLanguage => (language === 'en' ? 'en' : 'zh')
