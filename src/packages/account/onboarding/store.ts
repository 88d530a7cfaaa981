import { create } from 'zustand'
import type { LinkAccountBody, OnboardingRequest, RegistrationStatus } from '../../../../types'
import { getOnboardingStatus, linkAccount } from '../../../api/auth'
import { t } from '../../../store/locale'
import type { LoadState } from '../../../store/load-state'
import { LINK_FIELDS, checkLinkAccount, type FieldError, type LinkField } from './link-account-rules'

/**
 * /onboarding's state (the Partially Registered path, spec sections 1 and 6): the registration
 * status with the requests already sent, and the link-account form. Fields keep their values on
 * any error; editing a field clears its error.
 */
interface OnboardingState {
  status: LoadState
  registrationStatus: RegistrationStatus | null
  requests: OnboardingRequest[]
  values: LinkAccountBody
  errors: Partial<Record<LinkField, FieldError>>
  submitting: boolean
  /** the server's refusal, in the user's language */
  submitError: string | null
  /** the request just sent (its pending state is shown) */
  sent: OnboardingRequest | null
  load: () => Promise<void>
  setField: (field: LinkField, value: string) => void
  submit: () => Promise<boolean>
  reset: () => void
}

const EMPTY: LinkAccountBody = { accountNumber: '', companyOrInstitution: '', zipCode: '' }
const initial = {
  status: 'idle' as const,
  registrationStatus: null,
  requests: [],
  values: EMPTY,
  errors: {},
  submitting: false,
  submitError: null,
  sent: null,
}

export const useOnboarding = create<OnboardingState>()((set, get) => ({
  ...initial,

  load: async () => {
    set({ status: 'loading' })
    try {
      const s = await getOnboardingStatus()
      set({ status: 'ready', registrationStatus: s.registrationStatus, requests: s.requests ?? [] })
    } catch {
      set({ status: 'failed' })
    }
  },

  setField: (field, value) => {
    const { [field]: _cleared, ...errors } = get().errors
    set({ values: { ...get().values, [field]: value }, errors, submitError: null })
  },

  submit: async () => {
    if (get().submitting) return false
    const body = Object.fromEntries(LINK_FIELDS.map((f) => [f, get().values[f].trim()])) as LinkAccountBody
    const errors = checkLinkAccount(body)
    if (Object.keys(errors).length) {
      set({ errors, submitError: null })
      return false
    }
    set({ submitting: true, submitError: null })
    try {
      const request = await linkAccount(body)
      set({
        submitting: false,
        sent: request,
        requests: [request, ...get().requests.filter((r) => r.requestId !== request.requestId)],
        values: EMPTY,
      })
      return true
    } catch (e) {
      set({
        submitting: false,
        submitError: t('auth.onboarding.submitFailed', { reason: e instanceof Error ? e.message : '' }),
      })
      return false
    }
  },

  reset: () => set(initial),
}))
