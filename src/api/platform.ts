import type { SysConfig, SysConfigQuery } from '../../types'
import { createFetch } from './client'

/** Platform calls (spec section 7). */

const sysConfig = createFetch<SysConfigQuery, SysConfig>('GET', '/sys/dict/config')

/** GET /sys/dict/config "query countryCode, dictionaryParentType=GLOBAL_SYS_INIT_CONFIG": the country's flags */
export const getSysConfig = (countryCode: SysConfigQuery['countryCode']) =>
  sysConfig({ countryCode, dictionaryParentType: 'GLOBAL_SYS_INIT_CONFIG' })
