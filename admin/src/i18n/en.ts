import englishMessages from 'ra-language-english'
import { mergeMessages } from './messages'
import { consoleMessages } from './console'
import { DOMAIN_MESSAGES } from '../domains'

/** English: react-admin's own strings, the console's and each domain's. */
export const en = mergeMessages(
  englishMessages as unknown as Record<string, unknown>,
  consoleMessages.en,
  ...DOMAIN_MESSAGES.map((m) => m.en),
)
