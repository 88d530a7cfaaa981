import { useState, type ReactNode } from 'react'
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  FormControl,
  FormLabel,
} from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import { useLocaleState, useNotify, usePermissions, useTranslate, type HttpError } from 'react-admin'
import type { Permission } from '../../../../types/staff/permissions'
import type { AdminOrderDetail, AdminOrderRequest } from '../../../../types/order/staff-endpoints'
import { REVIEW_STATUSES } from '../../../../types/order/lifecycle'
import { categoryLabel } from '../../../../types/order/return-rules'
import { adminCall, download } from '../../api/client'
import { DecisionButton } from '../../components/DecisionButton'
import { RejectButton } from '../../components/RejectButton'
import { countryDateTime } from '../../format'

/** A request's category and sub-category in the console's language (the buyer chose them from these lists). */
export function useCategoryText() {
  const [locale] = useLocaleState()
  return (r: Pick<AdminOrderRequest, 'kind' | 'category' | 'subCategory'>) => {
    const l = categoryLabel(r.kind, r.category, r.subCategory, locale === 'zh' ? 'zh' : 'en')
    return [l.category, l.subCategory].filter(Boolean).join(' / ')
  }
}

/** An order status in words (the code stays in the title for staff who know the codes). */
export function OrderStatus({ status, held }: { status: string; held?: boolean }) {
  const translate = useTranslate()
  return (
    <Stack direction='row' spacing={1} alignItems='center' sx={{ flexWrap: 'wrap' }}>
      <span title={status}>{translate(`resources.orders.status.${status}`, { _: status })}</span>
      {held && <Chip size='small' variant='outlined' label={translate('resources.orders.fields.held')} />}
    </Stack>
  )
}

/** An order's account as the screens name it: "name (number)". */
export const accountText = (a: { name: string | null; number: string | null }) =>
  `${a.name ?? '—'} (${a.number ?? '—'})`

/** A small table with real headers (message keys, under `prefix` when given); "None" when it has no rows. */
export function SmallTable({
  caption,
  prefix,
  head,
  rows,
  numeric = [],
}: {
  caption: string
  prefix?: string
  head: string[]
  rows: ReactNode[][]
  numeric?: number[]
}) {
  const translate = useTranslate()
  if (!rows.length)
    return (
      <Typography variant='body2' color='text.secondary'>
        {translate('resources.orders.none')}
      </Typography>
    )
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size='small' aria-label={caption}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell
                key={h}
                component='th'
                scope='col'
                align={numeric.includes(i) ? 'right' : 'left'}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {translate(prefix ? `${prefix}.${h}` : h)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              {r.map((c, j) => (
                <TableCell
                  key={j}
                  align={numeric.includes(j) ? 'right' : 'left'}
                  sx={numeric.includes(j) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}
                >
                  {c === null || c === undefined || c === '' ? '—' : c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  )
}

export const useStaffPermissions = () => usePermissions<Permission[]>().permissions ?? []

/** The decisions on an order that the member's roles allow: review, hold / release, a confirmation link. */
export function OrderDecisions({ order }: { order: AdminOrderDetail }) {
  const translate = useTranslate()
  const permissions = useStaffPermissions()
  const [kind, setKind] = useState<'order' | 'preorder'>('order')
  const [link, setLink] = useState<{ path: string; expiresAt: string } | null>(null)
  const orderNo = order.orderNumber
  const country = order.account.country
  const inReview = (REVIEW_STATUSES as readonly string[]).includes(order.status)
  const final = order.status === 'COMPLETED' || order.status === 'CANCELLED'
  const mayReview = permissions.includes('order.review') && inReview && !order.held
  const mayHold = permissions.includes('order.hold') && !final
  if (!mayReview && !mayHold) return null
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.orders.${k}`, o)
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {order.hold && (
        <Typography variant='body2' role='status'>
          {t('heldSince', { at: countryDateTime(order.hold.at, country), reason: order.hold.reason })}
        </Typography>
      )}
      <Stack direction='row' spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {mayReview && (
          <>
            <DecisionButton
              label={translate('admin.common.approve')}
              color='success'
              question={t('approveQuestion')}
              onConfirm={() => adminCall('orderReview', { params: { orderNo }, body: { decision: 'approve' } })}
            />
            <RejectButton
              question={t('rejectQuestion')}
              onConfirm={(note) =>
                adminCall('orderReview', { params: { orderNo }, body: { decision: 'reject', note } })
              }
            />
          </>
        )}
        {mayHold &&
          (order.held ? (
            <DecisionButton
              label={t('release')}
              variant='outlined'
              question={t('releaseQuestion')}
              onConfirm={() => adminCall('orderRelease', { params: { orderNo }, body: {} })}
            />
          ) : (
            <DecisionButton
              label={t('hold')}
              variant='outlined'
              question={t('holdQuestion')}
              reasonLabel={translate('admin.common.reason')}
              reasonHelp={translate('admin.common.reasonHelp')}
              onConfirm={(reason) => adminCall('orderHold', { params: { orderNo }, body: { reason } })}
            />
          ))}
        {mayHold && order.status !== 'SHIPPED' && order.status !== 'Waiting for Delivery' && (
          <DecisionButton
            label={t('confirmationLink')}
            variant='outlined'
            question={t('confirmationLinkQuestion')}
            extra={
              <FormControl>
                <FormLabel id={`link-kind-${orderNo}`}>{t('linkKind')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`link-kind-${orderNo}`}
                  value={kind}
                  onChange={(e) => setKind(e.target.value as 'order' | 'preorder')}
                >
                  <FormControlLabel value='order' control={<Radio />} label={t('linkKindOrder')} />
                  <FormControlLabel value='preorder' control={<Radio />} label={t('linkKindPreorder')} />
                </RadioGroup>
              </FormControl>
            }
            onConfirm={async () => {
              const l = await adminCall('orderConfirmationLink', { params: { orderNo }, body: { kind } })
              setLink({ path: l.path, expiresAt: l.expiresAt })
            }}
          />
        )}
      </Stack>
      {link && (
        <Typography variant='body2' role='status' sx={{ overflowWrap: 'anywhere' }}>
          {t('linkSent', { path: link.path, at: countryDateTime(link.expiresAt, country) })}
        </Typography>
      )}
    </Box>
  )
}

/** The buyer's files of a request: each a button that downloads it with the staff token. */
export function RequestFiles({ request }: { request: Pick<AdminOrderRequest, 'requestNumber' | 'files'> }) {
  const translate = useTranslate()
  const notify = useNotify()
  const permissions = useStaffPermissions()
  if (!request.files.length) return <span>{translate('resources.order-requests.noFiles')}</span>
  if (!permissions.includes('orderRequest.decide'))
    return <span>{request.files.map((f) => f.fileName).join(', ')}</span>
  return (
    <Stack direction='row' spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {request.files.map((f) => (
        <Button
          key={f.fileId}
          size='small'
          variant='outlined'
          startIcon={<DownloadIcon />}
          aria-label={translate('resources.order-requests.download', { name: f.fileName })}
          onClick={(e) => {
            e.stopPropagation()
            download(`/admin/order-requests/${request.requestNumber}/files/${f.fileId}`, f.fileName).catch(
              (err: HttpError) => notify(err.message, { type: 'error' }),
            )
          }}
        >
          {f.fileName} ({Math.max(1, Math.round(f.size / 1024))} KB)
        </Button>
      ))}
    </Stack>
  )
}

/** Accept / refuse a pending request (with a note), or record a return's goods. */
export function RequestDecisions({ request }: { request: AdminOrderRequest }) {
  const translate = useTranslate()
  const permissions = useStaffPermissions()
  if (!permissions.includes('orderRequest.decide')) return null
  const t = (k: string) => translate(`resources.order-requests.${k}`)
  const id = request.requestNumber
  if (request.status === 'pending')
    return (
      <Stack direction='row' spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <DecisionButton
          label={t('accept')}
          color='success'
          question={t(request.kind === 'cancel' ? 'acceptCancelQuestion' : 'acceptReturnQuestion')}
          reasonLabel={t('note')}
          reasonHelp={translate('admin.common.reasonHelp')}
          onConfirm={(note) => adminCall('orderRequestAccept', { params: { id }, body: { note } })}
        />
        <RejectButton
          label={t('refuse')}
          question={t('refuseQuestion')}
          reasonLabel={t('note')}
          onConfirm={(note) => adminCall('orderRequestRefuse', { params: { id }, body: { note } })}
        />
      </Stack>
    )
  if (request.status === 'in_progress' && request.kind === 'return')
    return (
      <Stack direction='row' spacing={1}>
        <DecisionButton
          label={t('goodsReceived')}
          color='success'
          question={t('goodsReceivedQuestion')}
          onConfirm={() => adminCall('orderRequestGoodsReceived', { params: { id }, body: {} })}
        />
      </Stack>
    )
  return null
}
