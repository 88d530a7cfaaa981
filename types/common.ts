import { Type, type Static } from 'typebox'

export const CountryCodeSchema = Type.Union([Type.Literal('cn'), Type.Literal('in')])
export type CountryCode = Static<typeof CountryCodeSchema>

/** Header `languagecode`: 'cn' (Chinese) or 'en'; 'zh' is accepted as an alias of 'cn'. */
export const LanguageCodeSchema = Type.Union([Type.Literal('cn'), Type.Literal('en'), Type.Literal('zh')])
export type LanguageCode = Static<typeof LanguageCodeSchema>

export const CurrencySchema = Type.Union([Type.Literal('CNY'), Type.Literal('INR')])
export type Currency = Static<typeof CurrencySchema>

/**
 * Request headers the app sends (spec §7). Header names are lower case.
 * `username` / `userid` only when logged in. Unknown values of countrycode/languagecode → 400.
 */
export const RequestHeadersSchema = Type.Object({
  authorization: Type.Optional(Type.String()),
  source: Type.Optional(Type.String({ maxLength: 32 })),
  countrycode: Type.Optional(CountryCodeSchema),
  languagecode: Type.Optional(LanguageCodeSchema),
  username: Type.Optional(Type.String({ maxLength: 128 })),
  userid: Type.Optional(Type.String({ maxLength: 128 })),
})
export type RequestHeaders = Static<typeof RequestHeadersSchema>

/** A schema that also accepts null (address fields, nullable dates). */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])
