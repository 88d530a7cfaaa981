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

/** The language of a request's messages: English for `languagecode: en`, otherwise Chinese (the default). */
export const messageLanguage = (language: string | undefined): MessageLanguage => (language === 'en' ? 'en' : 'zh')
