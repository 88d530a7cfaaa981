import { get, post, withPermission } from '../endpoint'
import { Paged } from '../common'
import {
  EnquiryReplyBodySchema,
  EnquiryStatusBodySchema,
  LeadQuoteBodySchema,
  StaffEnquiryDetailSchema,
  StaffEnquiryQuerySchema,
  StaffEnquirySummarySchema,
  StaffLeadDetailSchema,
  StaffLeadQuerySchema,
  StaffLeadSummarySchema,
  StaffRequestIdParamsSchema,
} from './staff-schemas'

/**
 * The service domain's staff endpoints (issue 24): each under /admin/ with the permission its route needs
 * (`withPermission`, types/endpoint.ts). Collected with the others in types/staff/admin-endpoints.ts.
 * Enquiries (enquiry.reply) and leads (lead.quote); docs/admin-api/service.md.
 */
export const serviceStaffEndpoints = {
  enquiryStaffList: withPermission(
    'enquiry.reply',
    get('/admin/enquiries', Paged(StaffEnquirySummarySchema), { query: StaffEnquiryQuerySchema }),
  ),
  enquiryStaffDetail: withPermission(
    'enquiry.reply',
    get('/admin/enquiries/:requestId', StaffEnquiryDetailSchema, { params: StaffRequestIdParamsSchema }),
  ),
  enquiryStaffReply: withPermission(
    'enquiry.reply',
    post('/admin/enquiries/:requestId/replies', StaffEnquiryDetailSchema, {
      params: StaffRequestIdParamsSchema,
      body: EnquiryReplyBodySchema,
    }),
  ),
  enquiryStaffStatus: withPermission(
    'enquiry.reply',
    post('/admin/enquiries/:requestId/status', StaffEnquiryDetailSchema, {
      params: StaffRequestIdParamsSchema,
      body: EnquiryStatusBodySchema,
    }),
  ),
  leadStaffList: withPermission(
    'lead.quote',
    get('/admin/leads', Paged(StaffLeadSummarySchema), { query: StaffLeadQuerySchema }),
  ),
  leadStaffDetail: withPermission(
    'lead.quote',
    get('/admin/leads/:requestId', StaffLeadDetailSchema, { params: StaffRequestIdParamsSchema }),
  ),
  leadStaffQuote: withPermission(
    'lead.quote',
    post('/admin/leads/:requestId/quote', StaffLeadDetailSchema, {
      params: StaffRequestIdParamsSchema,
      body: LeadQuoteBodySchema,
    }),
  ),
}
