import { create } from 'zustand'
import type { Persona, PersonaOptions, PersonaSaveBody } from '../../../types'
import { getPersonaOptions, getPersonaWithFallback, savePersona } from '../../api/account'
import { hasValidToken } from '../engagement/wishlist'
import { useSession } from '../auth/session'
import { useLocale } from '../locale'
import { latestOnly, type LoadState } from '../load-state'

export type PersonaSection = keyof PersonaSaveBody
export const PERSONA_SECTIONS: PersonaSection[] = ['roles', 'industries', 'interestAreas']
/** the contract's limits per section (types/account/index.ts PersonaSaveBodySchema) */
export const PERSONA_MAX: Record<PersonaSection, number> = { roles: 10, industries: 10, interestAreas: 20 }

interface PersonaState {
  status: LoadState
  persona: Persona | null
  /** true when the answer came from GET /persona/getDSPersona (spec section 7 fallback) */
  fallback: boolean
  options: PersonaOptions | null
  /** the language the persona and options are labelled in */
  language: string | null
  saving: boolean
  load: () => Promise<void>
  save: (body: PersonaSaveBody) => Promise<boolean>
  reset: () => void
}

/**
 * The codes of the options whose labels the persona shows (GET /persona answers with labels in the
 * request's language; the options carry code and label in the same language).
 */
export function selectedCodes(persona: Persona | null, options: PersonaOptions | null): PersonaSaveBody {
  const pick = (s: PersonaSection) => {
    const labels = new Set(persona?.[s] ?? [])
    return (options?.[s] ?? []).filter((o) => labels.has(o.label)).map((o) => o.code)
  }
  return { roles: pick('roles'), industries: pick('industries'), interestAreas: pick('interestAreas') }
}

/** Adds or removes one code, within the section's limit. */
export function toggleCode(body: PersonaSaveBody, section: PersonaSection, code: string): PersonaSaveBody {
  const cur = body[section]
  if (cur.includes(code)) return { ...body, [section]: cur.filter((c) => c !== code) }
  if (cur.length >= PERSONA_MAX[section]) return body
  return { ...body, [section]: [...cur, code] }
}

const latest = latestOnly()

export const usePersona = create<PersonaState>()((set, get) => ({
  status: 'idle',
  persona: null,
  fallback: false,
  options: null,
  language: null,
  saving: false,

  load: async () => {
    if (!hasValidToken() || !useSession.getState().userInfo) {
      set({ status: 'idle' })
      return
    }
    const fresh = latest.start()
    const language = useLocale.getState().language
    set({ status: 'loading' })
    try {
      const [{ persona, fallback }, options] = await Promise.all([getPersonaWithFallback(), getPersonaOptions()])
      if (fresh()) set({ persona, fallback, options, language, status: 'ready' })
    } catch {
      if (fresh()) set({ status: 'failed' })
    }
  },

  save: async (body) => {
    if (get().saving) return false
    set({ saving: true })
    try {
      const persona = await savePersona(body)
      set({ persona, fallback: false })
      return true
    } catch {
      return false
    } finally {
      set({ saving: false })
    }
  },

  reset: () => {
    latest.drop()
    set({ status: 'idle', persona: null, fallback: false, options: null, language: null, saving: false })
  },
}))

let lastUser: string | null | undefined
useSession.subscribe((s) => {
  const id = s.userInfo?.userProfile.userId ?? null
  if (lastUser !== undefined && id !== lastUser) usePersona.getState().reset()
  lastUser = id
})
