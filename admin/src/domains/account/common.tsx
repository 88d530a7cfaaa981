import { useEffect, useState, type ReactNode } from 'react'
import { useTranslate, type HttpError } from 'react-admin'
import { Facts } from '../../components/Facts'
import { DetailToggle as SharedDetailToggle } from '../../components/DetailToggle'
import { StatusWithOverdue } from '../../components/StatusChip'
import { adminCall, type AdminAnswer, type AdminKey, type CallInput } from '../../api/client'
import type { AdminEndpoints } from '../../../../types/staff/admin-endpoints'

/** What the account domain's screens share: a decision's status with its overdue chip, a detail's list of fields. */

export { StatusChip } from '../../components/StatusChip'

export function DecisionStatus({ status, overdue }: { status: string; overdue: boolean }) {
  const translate = useTranslate()
  return <StatusWithOverdue text={translate(`admin.decision.${status}`)} overdue={overdue} />
}

/** A queue row's detail opened and closed by a real button (components/DetailToggle.tsx), in the account's words. */
export function DetailToggle() {
  return <SharedDetailToggle show='admin.account.showDetail' hide='admin.account.hideDetail' />
}

/** A definition list of label → value rows (labels are message keys; components/Facts.tsx). */
export function Fields({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return <Facts rows={rows} />
}

/** An account as a queue names it: "name (number)". */
export const accountLabel = (a: { name: string; accountNumber: string | null } | null | undefined) =>
  a ? `${a.name} (${a.accountNumber ?? '—'})` : null

/** A user as a queue names it: "name (user name)". */
export const userLabel = (u: { name: string; userName: string } | null | undefined) =>
  u ? `${u.name} (${u.userName})` : null

/**
 * One call of the staff API for a screen that is not a react-admin list (an account's invoices, its statement):
 * the answer, the refusal, and whether it is loading; called again when `key`, or the input's JSON, changes.
 */
export function useAdminCall<K extends AdminKey>(key: K, input: CallInput<AdminEndpoints[K]>, enabled = true) {
  const [state, setState] = useState<{ data?: AdminAnswer<K>; error?: HttpError; loading: boolean }>({
    loading: enabled,
  })
  const json = JSON.stringify(input)
  useEffect(() => {
    if (!enabled) return
    let live = true
    setState((s) => ({ ...s, loading: true }))
    adminCall(key, JSON.parse(json) as CallInput<AdminEndpoints[K]>).then(
      (data) => live && setState({ data, loading: false }),
      (error: HttpError) => live && setState({ error, loading: false }),
    )
    return () => {
      live = false
    }
  }, [key, json, enabled])
  return state
}
