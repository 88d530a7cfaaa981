import type { OperationLogBody } from '../../../types'

/**
 * Request a quote, three spec rules in one place:
 * - spec section 4, Request quote: "The click first records an operation-log entry, then opens the
 *   lead target."
 * - spec section 7: "POST /operationLog/insert (main and marketing APIs) | opUser, opSource,
 *   opTarget=product, opTargetId, opContent=click_request_quote, opReqUrl (trimmed to 100
 *   characters); token"
 * - spec section 5: "A lead or quote request requires a catalogNumber, else the error 'Catalog
 *   number is not defined in product'."
 */

/** "opReqUrl (trimmed to 100 characters)" */
export const OP_REQ_URL_MAX = 100

/** Characters, not UTF-16 units: a cut never splits a character (the server counts the same way). */
export const trimReqUrl = (url: string) => Array.from(url).slice(0, OP_REQ_URL_MAX).join('')

/** opUser: the user's name, or 'anonymous' for a visitor. */
export const ANONYMOUS_OP_USER = 'anonymous'

/**
 * How long the log call may hold the lead target back. The log is always sent first; a log call
 * that hangs must not leave the shopper on a button that does nothing.
 */
export const LEAD_LOG_WAIT_MS = 3000

export interface LeadClick {
  catalogNumber: string | null | undefined
  userName: string | null | undefined
  /** the Source header value (APP_SOURCE) */
  source: string
  /** the current page's address */
  pageUrl: string
}

export function leadLogEntry(c: LeadClick & { catalogNumber: string }): OperationLogBody {
  return {
    opUser: c.userName?.trim() || ANONYMOUS_OP_USER,
    opSource: c.source,
    opTarget: 'product',
    opTargetId: c.catalogNumber,
    opContent: 'click_request_quote',
    opReqUrl: trimReqUrl(c.pageUrl),
  }
}

export type LeadRequestResult = { ok: true } | { ok: false; error: 'catalogNumberMissing' }

/**
 * Runs a click on Request a quote: checks the catalogue number, records the operation log (waiting for it to
 * settle, at most LEAD_LOG_WAIT_MS; a failed log does not stop the request), then opens the lead
 * target. Without a catalogue number nothing is logged and nothing opens.
 */
export async function runLeadRequest(
  click: LeadClick,
  deps: {
    log: (body: OperationLogBody) => Promise<unknown>
    open: (catalogNumber: string) => unknown
    waitMs?: number
  },
): Promise<LeadRequestResult> {
  const catalogNumber = (click.catalogNumber ?? '').trim()
  if (!catalogNumber) return { ok: false, error: 'catalogNumberMissing' }
  const body = leadLogEntry({ ...click, catalogNumber })
  let timer: ReturnType<typeof setTimeout> | undefined
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, deps.waitMs ?? LEAD_LOG_WAIT_MS)
  })
  await Promise.race([deps.log(body).catch(() => undefined), cap])
  if (timer) clearTimeout(timer)
  deps.open(catalogNumber)
  return { ok: true }
}
