import { create } from 'zustand'
import type { SysConfig } from '../../../types'
import type { Country } from '../../rules/constants'
import { getSysConfig } from '../../api/platform'

interface ConfigState {
  flags: Partial<SysConfig>
  country: string | null
  load: (country: Country) => Promise<void>
}

/** Country feature flags from GET /sys/dict/config ("each with dictValue '1' or '0"). */
export const useConfig = create<ConfigState>()((set) => ({
  flags: {},
  country: null,
  load: async (country) => {
    try {
      set({ flags: await getSysConfig(country), country })
    } catch {
      set({ flags: {}, country }) // flags off when the config cannot be read
    }
  },
}))

export { isFlagOn } from '../../rules/platform/feature-flags'
