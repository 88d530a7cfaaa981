import type { PlatformEndpoints, SysConfigQuery } from '../../types'
import { createFetch } from './client'

/** Platform calls (spec section 7). */

const sysConfig = createFetch<PlatformEndpoints['sysConfig']>('GET', '/sys/dict/config')

/** GET /sys/dict/config "query countryCode, dictionaryParentType=GLOBAL_SYS_INIT_CONFIG": the country's flags */
export const getSysConfig = (countryCode: SysConfigQuery['countryCode']) =>
  sysConfig({ countryCode, dictionaryParentType: 'GLOBAL_SYS_INIT_CONFIG' })
