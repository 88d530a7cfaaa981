import { endpoint } from '../endpoint'
import { HealthSchema } from './health'
import { SysConfigQuerySchema, SysConfigSchema } from './config'

/** The platform's endpoints: health, and the country's feature flags (spec section 7). */
export const platformEndpoints = {
  health: endpoint('GET', '/health', { answer: HealthSchema }),
  sysConfig: endpoint('GET', '/sys/dict/config', { query: SysConfigQuerySchema, answer: SysConfigSchema }),
}
export type PlatformEndpoints = typeof platformEndpoints
