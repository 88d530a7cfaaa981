import { get } from '../endpoint'
import { HealthSchema } from './health'
import { SysConfigQuerySchema, SysConfigSchema } from './config'

/** The platform's endpoints: health, and the country's feature flags (spec section 7). */
export const platformEndpoints = {
  health: get('/health', HealthSchema),
  sysConfig: get('/sys/dict/config', SysConfigSchema, { query: SysConfigQuerySchema }),
}
export type PlatformEndpoints = typeof platformEndpoints
