import { create } from 'zustand'
import type { InvitationActivity } from '../../../types/membership'
import { getInvitations, redeemInvitation } from '../../api/membership/play'
import { playErrorMessage } from './draws'
import type { LoadState } from '../load-state'
import { loadShown } from './load-shown'

/** Invitations and referrals (issue 13): the member's codes, the invited list, entering a colleague's code. */

interface InvitationsState {
  status: LoadState
  error: string | null
  activities: InvitationActivity[]
  submitting: boolean
  load: () => Promise<void>
  /** { points } when joined, { message } when refused (the localized section 8 text) */
  redeem: (activityId: string, code: string) => Promise<{ points: number } | { message: string }>
}

export const useInvitations = create<InvitationsState>()((set, get) => ({
  status: 'idle',
  error: null,
  activities: [],
  submitting: false,
  load: () =>
    loadShown(
      set,
      get().activities.length > 0,
      getInvitations,
      (r) => ({ activities: r.activities }),
      playErrorMessage,
    ),
  redeem: async (activityId, code) => {
    if (get().submitting) return { message: '' }
    set({ submitting: true })
    try {
      const r = await redeemInvitation({ activityId, code })
      set({ submitting: false })
      void get().load()
      return { points: r.pointsEarned }
    } catch (e) {
      set({ submitting: false })
      return { message: playErrorMessage(e) }
    }
  },
}))
