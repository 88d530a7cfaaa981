import type { FastifyRequest } from 'fastify'
import { ApiError } from './errors'
import { truncateText } from './lib/storable-text'

export interface RequestLocale {
  country: 'cn' | 'in'
  /** 'zh' requests are normalised to 'cn'. */
  language: 'cn' | 'en'
  source: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: RequestLocale
  }
}

const COUNTRIES = new Set(['cn', 'in'])
const LANGUAGES: Record<string, 'cn' | 'en'> = { cn: 'cn', zh: 'cn', en: 'en' }

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

/** Validates the countrycode/languagecode headers (spec §7); defaults cn / cn. */
export function parseLocale(req: FastifyRequest): RequestLocale {
  const country = one(req.headers.countrycode)?.trim().toLowerCase()
  const language = one(req.headers.languagecode)?.trim().toLowerCase()
  if (country !== undefined && !COUNTRIES.has(country)) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'headers/countrycode must be one of: cn, in')
  }
  if (language !== undefined && !(language in LANGUAGES)) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'headers/languagecode must be one of: cn, en, zh')
  }
  return {
    country: (country ?? 'cn') as 'cn' | 'in',
    language: language ? LANGUAGES[language] : 'cn',
    source: one(req.headers.source) === undefined ? null : truncateText(one(req.headers.source)!, 32),
  }
}

/** A business message in the request's language (Chinese by default, English for languagecode en). */
export const localized = (req: FastifyRequest, en: string, zh: string) => (req.locale.language === 'en' ? en : zh)
