import { create } from 'zustand'
import type { ArStatement } from '../../../types'
import { getArStatement } from '../../api/account'
import { ApiError } from '../../api/client'
import { t } from '../locale'

interface ArStatementState {
  billToAccountNumber: string | null
  statement: ArStatement | null
  status: 'idle' | 'loading' | 'ready' | 'error'
  error: string | null
  /** GET /ar/statement for a bill-to; without a period the server answers the latest one */
  load: (billToAccountNumber: string, period?: string) => Promise<void>
}

let seq = 0

/** The AR statement of one bill-to and period. */
export const useArStatement = create<ArStatementState>()((set, get) => ({
  billToAccountNumber: null,
  statement: null,
  status: 'idle',
  error: null,

  load: async (billToAccountNumber, period) => {
    const mine = ++seq
    const keep = get().billToAccountNumber === billToAccountNumber ? get().statement : null
    set({ billToAccountNumber, statement: keep, status: 'loading', error: null })
    try {
      const statement = await getArStatement(period ? { billToAccountNumber, period } : { billToAccountNumber })
      if (mine === seq) set({ statement, status: 'ready' })
    } catch (e) {
      if (mine === seq) set({ status: 'error', error: e instanceof ApiError ? e.message : t('error.generic') })
    }
  }
}))
