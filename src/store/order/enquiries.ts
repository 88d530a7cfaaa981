import { create } from 'zustand'
import type { EnquiryDetail, EnquirySummary } from '../../../types'
import { addEnquiryComment, getEnquiryDetail, getEnquiryList } from '../../api/order/screens'
import { ApiError } from '../../api/client'
import { ENQUIRY_COMMENT_LIMIT, ENQUIRY_COMMENT_MAX_LENGTH } from '../../../types/order/enquiry-rules'
import { t } from '../locale'
import { loadOneInto, type Loaded, type LoadedOne } from '../load-state'

/**
 * Enquiries, the screen the spec titles 'My request' (the server's enquiries; "requests" are an order's
 * cancel and return requests, ./requests.ts): the list and one enquiry's detail with its interaction
 * history, and the customer's comment (spec §8 "Interaction: limit reached, no permission, does not
 * exist": the server's message is shown as it comes, in the request's language).
 */

export type CommentProblem = 'empty' | 'tooLong' | 'limitReached' | 'noPermission' | 'notFound' | 'failed'

interface EnquiriesState {
  list: Loaded<EnquirySummary[]>
  detail: LoadedOne<EnquiryDetail>
  draft: string
  sending: boolean
  /** the last comment's refusal: its kind and the message to show */
  commentError: { kind: CommentProblem; message: string } | null
  loadList: () => Promise<void>
  loadDetail: (requestId: string) => Promise<void>
  setDraft: (text: string) => void
  sendComment: () => Promise<boolean>
  reset: () => void
}

const idle = { status: 'idle' as const, data: null, error: null }

/** The comment box's own checks, before any call. */
export function commentProblem(text: string): 'empty' | 'tooLong' | null {
  const s = text.trim()
  if (!s) return 'empty'
  if (s.length > ENQUIRY_COMMENT_MAX_LENGTH) return 'tooLong'
  return null
}

const problemOf = (e: unknown): CommentProblem => {
  if (!(e instanceof ApiError)) return 'failed'
  if (e.reason === 'INTERACTION_LIMIT_REACHED') return 'limitReached'
  if (e.reason === 'INTERACTION_NO_PERMISSION') return 'noPermission'
  if (e.status === 404) return 'notFound'
  return 'failed'
}

export const useEnquiries = create<EnquiriesState>()((set, get) => ({
  list: idle,
  detail: { ...idle, id: null },
  draft: '',
  sending: false,
  commentError: null,

  loadList: async () => {
    set((s) => ({ list: { ...s.list, status: 'loading', error: null } }))
    try {
      set({ list: { status: 'ready', data: await getEnquiryList(), error: null } })
    } catch (e) {
      set({
        list: {
          status: 'failed',
          data: null,
          error: e instanceof ApiError ? (e.serverMessage ?? e.message) : t('error.generic'),
        },
      })
    }
  },

  loadDetail: (requestId) => {
    if (get().detail.id !== requestId) set({ draft: '', commentError: null })
    return loadOneInto(
      requestId,
      getEnquiryDetail,
      (detail) => set({ detail }),
      (e) => (e instanceof ApiError ? (e.serverMessage ?? e.message) : t('error.generic')),
    )
  },

  setDraft: (draft) => set({ draft, commentError: null }),

  sendComment: async () => {
    const { detail, draft, sending } = get()
    if (sending || !detail.data) return false
    const local = commentProblem(draft)
    if (local) {
      set({
        commentError: {
          kind: local,
          message: t(local === 'empty' ? 'enquiries.comment.empty' : 'enquiries.comment.tooLong', {
            max: ENQUIRY_COMMENT_MAX_LENGTH,
          }),
        },
      })
      return false
    }
    const d = detail.data
    if (!d.canComment) {
      const kind: CommentProblem = d.status === 'completed' ? 'noPermission' : 'limitReached'
      set({
        commentError: {
          kind,
          message: t(kind === 'noPermission' ? 'enquiries.comment.noPermission' : 'enquiries.comment.limitReached', {
            limit: ENQUIRY_COMMENT_LIMIT,
          }),
        },
      })
      return false
    }
    set({ sending: true, commentError: null })
    try {
      const added = await addEnquiryComment(d.requestId, { comment: draft.trim() })
      const cur = get().detail
      if (cur.data && cur.id === d.requestId) {
        const customerComments = cur.data.customerComments + 1
        set({
          detail: {
            ...cur,
            data: {
              ...cur.data,
              interactions: [...cur.data.interactions, added],
              customerComments,
              canComment: cur.data.canComment && customerComments < cur.data.commentLimit,
            },
          },
          draft: '',
        })
      }
      return true
    } catch (e) {
      const kind = problemOf(e)
      set({
        commentError: { kind, message: e instanceof ApiError ? (e.serverMessage ?? e.message) : t('error.generic') },
      })
      if (kind === 'limitReached' || kind === 'noPermission') {
        const cur = get().detail
        if (cur.data) set({ detail: { ...cur, data: { ...cur.data, canComment: false } } })
      }
      return false
    } finally {
      set({ sending: false })
    }
  },

  reset: () => set({ list: idle, detail: { ...idle, id: null }, draft: '', sending: false, commentError: null }),
}))
