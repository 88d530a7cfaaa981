import { create } from 'zustand'
import type { ArStatement } from '../../../types'
import { getArStatement } from '../../api/account'
import { ApiError } from '../../api/client'
import { t } from '../locale'
import { latestOnly, type LoadState } from '../load-state'

interface ArStatementState {
  billToAccountNumber: string | null
  statement: ArStatement | null
  status: LoadState
  error: string | null
  /** GET /ar/statement for a bill-to; without a period the server answers the latest one */
  load: (billToAccountNumber: string, period?: string) => Promise<void>
}

const latest = latestOnly()

/** The AR statement of one bill-to and period. */
export const useArStatement = create<ArStatementState>()((set, get) => ({
  billToAccountNumber: null,
  statement: null,
  status: 'idle',
  error: null,

  load: async (billToAccountNumber, period) => {
    const fresh = latest.start()
    const keep = get().billToAccountNumber === billToAccountNumber ? get().statement : null
    set({ billToAccountNumber, statement: keep, status: 'loading', error: null })
    try {
      const statement = await getArStatement(period ? { billToAccountNumber, period } : { billToAccountNumber })
      if (fresh()) set({ statement, status: 'ready' })
    } catch (e) {
      if (fresh()) set({ status: 'failed', error: e instanceof ApiError ? e.message : t('error.generic') })
    }
  },
}))
