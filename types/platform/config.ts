import { Type, type Static } from 'typebox'
import { Closed, CountryCodeSchema, Literals } from '../common'

export const DictionaryParentTypeSchema = Type.Literal('GLOBAL_SYS_INIT_CONFIG')

/** GET /api/sys/dict/config */
export const SysConfigQuerySchema = Closed({
  countryCode: Type.Optional(CountryCodeSchema),
  dictionaryParentType: DictionaryParentTypeSchema,
})
export type SysConfigQuery = Static<typeof SysConfigQuerySchema>

export const DictEntrySchema = Type.Object({
  dictValue: Literals(['1', '0']),
  dictLabel: Type.String(),
})
export type DictEntry = Static<typeof DictEntrySchema>

/** Flag name → entry. Always contains ENABLE_ORDER_TAX and ENABLE_SIGN_IN_POPUP. */
export const SysConfigSchema = Type.Intersect([
  Type.Object({ ENABLE_ORDER_TAX: DictEntrySchema, ENABLE_SIGN_IN_POPUP: DictEntrySchema }),
  Type.Record(Type.String(), DictEntrySchema),
])
export type SysConfig = Static<typeof SysConfigSchema>
export type FeatureFlagName = 'ENABLE_ORDER_TAX' | 'ENABLE_SIGN_IN_POPUP' | (string & {})
