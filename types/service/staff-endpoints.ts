import { get, permitted, post } from '../endpoint'
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
 * (`permitted`, types/endpoint.ts). Collected with the others in types/staff/admin-endpoints.ts.
 * Enquiries (enquiry.reply) and leads (lead.quote); docs/admin-api/service.md.
 */
export const serviceStaffEndpoints = {
  ...permitted('enquiry.reply', {
    enquiryStaffList: get('/admin/enquiries', Paged(StaffEnquirySummarySchema), { query: StaffEnquiryQuerySchema }),
    enquiryStaffDetail: get('/admin/enquiries/:requestId', StaffEnquiryDetailSchema, {
      params: StaffRequestIdParamsSchema,
    }),
    enquiryStaffReply: post('/admin/enquiries/:requestId/replies', StaffEnquiryDetailSchema, {
      params: StaffRequestIdParamsSchema,
      body: EnquiryReplyBodySchema,
    }),
    enquiryStaffStatus: post('/admin/enquiries/:requestId/status', StaffEnquiryDetailSchema, {
      params: StaffRequestIdParamsSchema,
      body: EnquiryStatusBodySchema,
    }),
  }),
  ...permitted('lead.quote', {
    leadStaffList: get('/admin/leads', Paged(StaffLeadSummarySchema), { query: StaffLeadQuerySchema }),
    leadStaffDetail: get('/admin/leads/:requestId', StaffLeadDetailSchema, { params: StaffRequestIdParamsSchema }),
    leadStaffQuote: post('/admin/leads/:requestId/quote', StaffLeadDetailSchema, {
      params: StaffRequestIdParamsSchema,
      body: LeadQuoteBodySchema,
    }),
  }),
}
