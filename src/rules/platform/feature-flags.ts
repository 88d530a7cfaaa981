import type { FeatureFlagName, SysConfig } from '../../../types'

/** Spec section 7, GET /sys/dict/config: "data.data is a map of flags, each with dictValue '1' or '0'". */
export const isFlagOn = (flags: Partial<SysConfig>, name: FeatureFlagName) => flags[name]?.dictValue === '1'
