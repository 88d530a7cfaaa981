import { raChinese } from './ra-zh'
import { mergeMessages } from './messages'
import { consoleMessages } from './console'
import { DOMAIN_MESSAGES } from '../domains'

/** Chinese: react-admin's own strings (ra-zh.ts), the console's and each domain's. */
export const zh = mergeMessages(raChinese, consoleMessages.zh, ...DOMAIN_MESSAGES.map((m) => m.zh))
