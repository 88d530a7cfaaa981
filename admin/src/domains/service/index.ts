import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer'
import RequestQuoteIcon from '@mui/icons-material/RequestQuote'
import type { ResourceDef } from '../../resource'
import type { Messages } from '../../i18n/messages'
import { mergeMessages } from '../../i18n/messages'
import { EnquiryQueue } from './enquiries/EnquiryQueue'
import { enquiryMessages } from './enquiries/messages'
import { LeadQueue } from './leads/LeadQueue'
import { leadMessages } from './leads/messages'

/** The service domain's screens in the console (issue 25): enquiries, and leads turned into S-quotes. */
export const resources: ResourceDef[] = [
  {
    name: 'enquiries',
    section: 'queues',
    permission: 'enquiry.reply',
    api: { list: 'enquiryStaffList', one: 'enquiryStaffDetail', id: 'requestId', maxPageSize: 100 },
    icon: QuestionAnswerIcon,
    list: EnquiryQueue,
  },
  {
    name: 'leads',
    section: 'queues',
    permission: 'lead.quote',
    api: { list: 'leadStaffList', one: 'leadStaffDetail', id: 'requestId', maxPageSize: 100 },
    icon: RequestQuoteIcon,
    list: LeadQueue,
  },
]

export const messages: Messages = {
  en: mergeMessages(enquiryMessages.en, leadMessages.en),
  zh: mergeMessages(enquiryMessages.zh, leadMessages.zh),
}
