import { create } from 'zustand'
import type { ShipTo, SupplyCenter, SupplyCenterOption, SupplyCenterRequest, UserInfo } from '../../../types'
import type { MessageKey } from '../../i18n'
import { applySupplyCenter, getSupplyCenter, getSupplyCenterOptions, getSupplyCenterRequests } from '../../api/account'
import { ApiError } from '../../api/client'
import { hasValidToken } from '../engagement/wishlist'
import { useSession } from '../auth/session'
import { latestOnly, type LoadState } from '../load-state'

// ---------------------------------------------------------------- rules (spec sections 3, 5, 7, 9)

/** "operationStatus Normal counts as active" (issue 4; section 7 uses it for flash buy too). */
export const isActiveSupplyCenter = (sc: Pick<SupplyCenter, 'operationStatus'> | null | undefined) =>
  sc?.operationStatus === 'Normal'

/** The ship-to whose supply centre is looked up: the default one, when it has an account number. */
export function defaultShipTo(user: UserInfo | null): ShipTo | null {
  const s = user?.allShipToBillToAddresses.map((x) => x.shipTo).find((x) => x.isDefault) ?? null
  return s?.accountNumber ? s : null
}

/** From the GET /sc/getSupplyCenter list, the active centre of the ship-to, or null. */
export function activeCentreFor(list: SupplyCenter[], shipToNum: string): SupplyCenter | null {
  return list.find((sc) => sc.shipToNum === shipToNum && isActiveSupplyCenter(sc)) ?? null
}

/** The ship-tos an apply request can be made for: ACTIVE ones with an account number. */
export function applicableShipTos(user: UserInfo | null): ShipTo[] {
  return (user?.allShipToBillToAddresses ?? [])
    .map((x) => x.shipTo)
    .filter((s) => s.addressStatus === 'ACTIVE' && !!s.accountNumber)
}

/** Spec section 5 / 9: "Supply-centre apply reason: required, at most 200 characters. Terms must be agreed." */
export const SC_REASON_MAX = 200

export interface ApplyForm {
  shipToNum: string
  supplyCenterId: string
  reason: string
  agreeTerms: boolean
}
export type ApplyField = keyof ApplyForm
export type ApplyErrors = Partial<Record<ApplyField, MessageKey>>

/** Counted like the server's maxLength (UTF-16 units), so the counter and the server agree. */
export const reasonLength = (reason: string) => reason.length

export function validateApply(f: ApplyForm, options: SupplyCenterOption[] = []): ApplyErrors {
  const e: ApplyErrors = {}
  if (!f.shipToNum) e.shipToNum = 'acct.sc.errShipTo'
  const centre = options.find((o) => o.supplyCenterId === f.supplyCenterId)
  if (!f.supplyCenterId || (options.length > 0 && (!centre || !isActiveSupplyCenter(centre))))
    e.supplyCenterId = 'acct.sc.errCentre'
  if (!f.reason.trim()) e.reason = 'acct.sc.errReasonRequired'
  else if (reasonLength(f.reason) > SC_REASON_MAX) e.reason = 'acct.sc.errReasonTooLong'
  if (!f.agreeTerms) e.agreeTerms = 'acct.sc.errTerms'
  return e
}

// ---------------------------------------------------------------- store

export type SubmitResult =
  | { ok: true; request: SupplyCenterRequest }
  | { ok: false; errors: ApplyErrors; messageKey?: MessageKey; messageText?: string }

interface SupplyCentreState {
  /** this store's own lookup state (the session's FETCHING_SP_CENTER → SP_CENTER_FETCHED is the session's) */
  status: LoadState
  /** the active centre of the default ship-to, by GET /sc/getSupplyCenter */
  current: SupplyCenter | null
  shipToNum: string | null
  options: SupplyCenterOption[]
  requests: SupplyCenterRequest[]
  submitting: boolean
  /** GET /sc/getSupplyCenter?stNumber&loginName for the default ship-to; resolves to its active centre */
  lookup: () => Promise<SupplyCenter | null>
  /** lookup + options + requests (the supply-centre page) */
  load: () => Promise<void>
  submit: (form: ApplyForm) => Promise<SubmitResult>
  reset: () => void
}

const latest = latestOnly()

export const useSupplyCentre = create<SupplyCentreState>()((set, get) => ({
  status: 'idle',
  current: null,
  shipToNum: null,
  options: [],
  requests: [],
  submitting: false,

  lookup: async () => {
    const user = useSession.getState().userInfo
    const shipTo = defaultShipTo(user)
    if (!user || !hasValidToken() || !shipTo?.accountNumber) {
      set({ current: null, shipToNum: shipTo?.accountNumber ?? null })
      return null
    }
    const stNumber = shipTo.accountNumber
    const list = await getSupplyCenter({ stNumber, loginName: user.userProfile.userName })
    const current = activeCentreFor(list, stNumber)
    set({ current, shipToNum: stNumber })
    return current
  },

  load: async () => {
    if (!hasValidToken() || !useSession.getState().userInfo) {
      set({ status: 'idle' })
      return
    }
    const fresh = latest.start()
    set({ status: 'loading' })
    try {
      const [, options, requests] = await Promise.all([
        get().lookup(),
        getSupplyCenterOptions(),
        getSupplyCenterRequests(),
      ])
      if (fresh()) set({ options, requests, status: 'ready' })
    } catch {
      if (fresh()) set({ status: 'failed' })
    }
  },

  submit: async (form) => {
    const errors = validateApply(form, get().options)
    if (Object.keys(errors).length) return { ok: false, errors }
    if (get().submitting) return { ok: false, errors: {} }
    set({ submitting: true })
    try {
      const request = await applySupplyCenter({ ...form, reason: form.reason.trim(), agreeTerms: true })
      set({ requests: [request, ...get().requests.filter((r) => r.requestId !== request.requestId)] })
      return { ok: true, request }
    } catch (e) {
      // "a pending request exists" and the like: said in the user's language; the form keeps its values
      if (e instanceof ApiError && e.status === 409) return { ok: false, errors: {}, messageKey: 'acct.sc.errConflict' }
      // a validation answer or a network failure: the API client's message is already in the user's language
      if (e instanceof ApiError && (e.status === 400 || e.status === 0))
        return { ok: false, errors: {}, messageText: e.message }
      return { ok: false, errors: {}, messageKey: 'acct.sc.errFailed' }
    } finally {
      set({ submitting: false })
    }
  },

  reset: () => {
    latest.drop()
    set({ status: 'idle', current: null, shipToNum: null, options: [], requests: [], submitting: false })
  },
}))

let lastUser: string | null | undefined
useSession.subscribe((s) => {
  const id = s.userInfo?.userProfile.userId ?? null
  if (lastUser !== undefined && id !== lastUser) useSupplyCentre.getState().reset()
  lastUser = id
})
