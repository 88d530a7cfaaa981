import type { DocumentRecord, DocumentSearchQuery, DocumentSearchResult, DocumentType } from '../../../types'
import type { MessageKey } from '../../i18n'
import { searchDocuments } from '../../api/catalog'
import { createPagedList } from './products'

export const DOCUMENT_TABS: { type: DocumentType; label: MessageKey }[] = [
  { type: 'manual', label: 'browse.docs.tab.manual' },
  { type: 'coa', label: 'browse.docs.tab.coa' },
  { type: 'sds', label: 'browse.docs.tab.sds' },
]

export interface DocumentForm {
  text: string
  catalogNumber: string
  lotNumber: string
}

/** the server's field limits (types/catalog/index.ts DocumentSearchQuerySchema) */
const LIMIT = { q: 100, catalogNumber: 40, lotNumber: 40 }

/**
 * What a document search sends, or the message that says what is missing. Manuals and safety data
 * sheets are found by catalogue number or text; a certificate of analysis is issued per lot, so it
 * needs the catalogue number AND the lot number.
 */
export function documentQuery(
  type: DocumentType,
  form: DocumentForm,
): { query: DocumentSearchQuery } | { error: MessageKey } {
  const text = form.text.trim()
  const cat = form.catalogNumber.trim()
  const lot = form.lotNumber.trim()
  if (type === 'coa') {
    if (!cat) return { error: 'browse.docs.needCatalog' }
    if (!lot) return { error: 'browse.docs.needLot' }
    if (cat.length > LIMIT.catalogNumber || lot.length > LIMIT.lotNumber) return { error: 'browse.docs.tooLong' }
    return { query: { type, catalogNumber: cat, lotNumber: lot } }
  }
  if (!text) return { error: 'browse.docs.needText' }
  if (text.length > LIMIT.q) return { error: 'browse.docs.tooLong' }
  return { query: { type, q: text } }
}

/** GET /api/document/search, a page at a time. */
export const useDocumentResults = createPagedList<DocumentRecord, DocumentSearchQuery, DocumentSearchResult>({
  fetchPage: (q, page, pageSize) => searchDocuments({ ...q, page, pageSize }),
  idOf: (d) => d.id,
})
