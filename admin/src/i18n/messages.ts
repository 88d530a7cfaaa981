/** A part of the console's messages, in both languages (each domain's folder has one: messages.ts). */
export interface Messages {
  en: Record<string, unknown>
  zh: Record<string, unknown>
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Merges message trees (later parts add keys; a key given twice with different texts is a mistake). */
export function mergeMessages(...parts: Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      const have = out[k]
      if (isObject(have) && isObject(v)) out[k] = mergeMessages(have, v)
      else if (have !== undefined && have !== v) throw new Error(`admin messages: "${k}" is given twice`)
      else out[k] = v
    }
  }
  return out
}
