import type { ReactNode } from 'react'
import { Alert } from '@mui/material'
import { useGetOne, useTranslate, type RaRecord } from 'react-admin'
import type { StaffEnquirySummary } from '../../../../types/service/staff-schemas'
import { Fact } from '../../components/Facts'
import { Loading } from '../../components/Loading'

/** What the enquiry and lead queues share: who asked, and a row's detail fetched when the row opens. */

type Requester = Pick<StaffEnquirySummary, 'contactName' | 'companyOrInstitution' | 'accountName' | 'accountNumber'>

/** Who asked: the contact, their company and the account (an anonymous lead has none). */
export function requester(r: Requester) {
  const account = r.accountName ? `${r.accountName}${r.accountNumber ? ` (${r.accountNumber})` : ''}` : null
  return [r.contactName, r.companyOrInstitution, account].filter(Boolean).join(' · ')
}

/**
 * The requester's facts (inside `Facts`), with the messages under `prefix`: contact, company, account (or
 * "anonymous"), the user name when given, phone, e-mail, city, remark and when it was made.
 */
export function RequesterFacts({
  prefix: P,
  r,
  userName,
  createdAt,
}: {
  prefix: string
  r: Requester & { phone: string; email: string; city: string | null; remark: string | null }
  /** the buyer's user name, where the request has one (an enquiry's) */
  userName?: string | null
  createdAt: string
}) {
  const translate = useTranslate()
  return (
    <>
      <Fact label={`${P}.fields.contactName`} value={r.contactName} />
      <Fact label={`${P}.fields.companyOrInstitution`} value={r.companyOrInstitution} />
      <Fact
        label={`${P}.fields.account`}
        value={r.accountName ? `${r.accountName} (${r.accountNumber ?? '—'})` : translate(`${P}.anonymous`)}
      />
      {userName !== undefined && <Fact label={`${P}.fields.userName`} value={userName} />}
      <Fact label={`${P}.fields.phone`} value={r.phone} />
      <Fact label={`${P}.fields.email`} value={r.email} />
      <Fact label={`${P}.fields.city`} value={r.city} />
      <Fact label={`${P}.fields.remark`} value={r.remark} />
      <Fact label={`${P}.fields.createdAt`} value={createdAt} />
    </>
  )
}

/**
 * A queue row's detail (GET one of `resource`), fetched when the row opens: a spinner while it loads, the refusal
 * if it fails, else `children` with it.
 */
export function RowDetail<T extends RaRecord>({
  resource,
  id,
  children,
}: {
  resource: string
  id: string | undefined
  children: (data: T) => ReactNode
}) {
  const { data, isPending, error } = useGetOne<T>(
    resource,
    // meta: its own cache entry, not the list's row that react-admin copies into getOne's
    { id: id ?? '', meta: { detail: true } },
    { enabled: !!id },
  )
  if (!id) return null
  if (isPending) return <Loading />
  if (error || !data) return <Alert severity='error'>{(error as Error | null)?.message ?? ''}</Alert>
  return <>{children(data)}</>
}
