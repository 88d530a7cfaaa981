import { Literals } from '../common'

/**
 * The scopes of the ERP's integration clients (issue 24): what an access token of the client-credentials grant
 * lets the ERP post. erp:orders: order status changes and shipments; erp:invoices: invoices with their PDF;
 * erp:catalogue: stock, account prices and product data.
 */
export const ERP_SCOPES = ['erp:orders', 'erp:invoices', 'erp:catalogue'] as const
export type ErpScope = (typeof ERP_SCOPES)[number]
export const ErpScopeSchema = Literals(ERP_SCOPES)
export const isErpScope = (s: string): s is ErpScope => (ERP_SCOPES as readonly string[]).includes(s)
