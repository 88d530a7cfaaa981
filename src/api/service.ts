import type { ServiceEndpoints } from '../../types'
import { createFetch } from './client'

/** Customer service (spec section 7): the chat widget's configuration. */
export const getChatConfig = createFetch<ServiceEndpoints['chatConfig']>('GET', '/chat/config')
