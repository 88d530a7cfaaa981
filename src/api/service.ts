import type { ChatConfig } from '../../types'
import { createFetch } from './client'

/** Customer service (spec section 7): the chat widget's configuration. */
export const getChatConfig = createFetch<void, ChatConfig>('GET', '/chat/config')
