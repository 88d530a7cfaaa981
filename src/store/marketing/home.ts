import { create } from 'zustand'
import type { ContentCard, SpecialColumn } from '../../../types'
import { getArticleTypes, getContentList, getSpecialColumns } from '../../api/marketing'
import { HOME_KNOWLEDGE_COUNT } from '../../../types/marketing/home'
import { latestOnly, type LoadState } from '../load-state'

// what Home shows is one rule for the app and the server's first screen
export { bannerColumns, flashSaleColumn, HOME_KNOWLEDGE_COUNT } from '../../../types/marketing/home'

export interface Section<T> {
  status: LoadState
  data: T
}

/** How many learning-centre cards Home shows (GET /api/mkt/content/list?contentType=knowledge&pageSize=4). */

interface HomeState {
  /** language/country/user the sections were loaded for */
  key: string | null
  columns: Section<SpecialColumn[]>
  knowledge: Section<ContentCard[]>
  /** ARTICLE_TYPE value -> label in the user's language (GET /api/mkt/system/dict/ARTICLE_TYPE) */
  articleTypes: Record<string, string>
  /** every section (a pull to refresh, or a new language/user) */
  load: (key: string) => Promise<void>
  loadColumns: () => Promise<void>
  loadKnowledge: () => Promise<void>
}

const latest = { columns: latestOnly(), knowledge: latestOnly() }

/**
 * Home's marketing sections, each loaded on its own: one that fails shows its own retry and the
 * others still show. A reload keeps what is on screen until the new answer arrives.
 */
export const useHome = create<HomeState>()((set, get) => ({
  key: null,
  columns: { status: 'idle', data: [] },
  knowledge: { status: 'idle', data: [] },
  articleTypes: {},

  load: async (key) => {
    if (get().key !== key)
      set({ key, columns: { status: 'idle', data: [] }, knowledge: { status: 'idle', data: [] }, articleTypes: {} })
    await Promise.all([get().loadColumns(), get().loadKnowledge()])
  },

  loadColumns: async () => {
    const fresh = latest.columns.start()
    set((s) => ({ columns: { ...s.columns, status: 'loading' } }))
    try {
      const data = await getSpecialColumns()
      if (fresh()) set({ columns: { status: 'ready', data } })
    } catch {
      if (fresh()) set((s) => ({ columns: { ...s.columns, status: 'failed' } }))
    }
  },

  loadKnowledge: async () => {
    const fresh = latest.knowledge.start()
    set((s) => ({ knowledge: { ...s.knowledge, status: 'loading' } }))
    // the labels are a nicety: without them the card shows the type's own name
    const labels = getArticleTypes().catch(() => [])
    try {
      const res = await getContentList({ contentType: 'knowledge', pageSize: HOME_KNOWLEDGE_COUNT })
      const articleTypes = Object.fromEntries((await labels).map((a) => [a.dictValue, a.dictLabel]))
      if (fresh()) set({ knowledge: { status: 'ready', data: res.items.slice(0, HOME_KNOWLEDGE_COUNT) }, articleTypes })
    } catch {
      if (fresh()) set((s) => ({ knowledge: { ...s.knowledge, status: 'failed' } }))
    }
  },
}))

/** An article type's label: the dictionary's, else its value made readable ('application-note' -> 'Application note'). */
export function articleTypeLabel(labels: Record<string, string>, value: string) {
  if (labels[value]) return labels[value]
  const s = value.replace(/[-_]+/g, ' ').trim()
  return s.charAt(0).toUpperCase() + s.slice(1)
}
