import { get } from '../endpoint'
import { ChatConfigSchema } from '../account/index'

/** Customer service (spec section 7): the chat widget's configuration (no login needed). */
export const serviceEndpoints = {
  chatConfig: get('/chat/config', ChatConfigSchema),
}
export type ServiceEndpoints = typeof serviceEndpoints
