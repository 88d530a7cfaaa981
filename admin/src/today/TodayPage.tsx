import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import { Loading, Title, useLocaleState, usePermissions, useTranslate } from 'react-admin'
import type { Permission } from '../../../types/staff/permissions'
import type { Today, TodayQueue } from '../../../types/staff/endpoints'
import { adminCall } from '../api/client'
import { RESOURCES } from '../domains'
import { countryDateTime, money } from '../format'

/** Today refreshes itself this often (issue 25: "refresh every 30 s"). */
export const TODAY_REFRESH_MS = 30_000

type QueueName = 'shipTos' | 'onboarding' | 'supplyCentre' | 'orderRequests'
/** each queue's screen (a react-admin resource) */
const QUEUE_RESOURCE: Record<QueueName, string> = {
  shipTos: 'ship-tos',
  onboarding: 'onboarding-requests',
  supplyCentre: 'supply-centre-requests',
  orderRequests: 'order-requests',
}
const QUEUES = Object.keys(QUEUE_RESOURCE) as QueueName[]

/**
 * Today (issue 25), the console's first screen: what needs doing now, from GET /admin/today. The server leaves out
 * each block the member's roles do not cover; each card links to its screen when the member may open it.
 */
export function TodayPage() {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const { data, error, isPending, isFetching, refetch, dataUpdatedAt } = useQuery({
    queryKey: ['admin-today', locale],
    queryFn: () => adminCall('today'),
    refetchInterval: TODAY_REFRESH_MS,
  })
  return (
    <Box sx={{ py: 2, maxWidth: '100%' }}>
      <Title title={translate('admin.sections.today')} />
      <Stack direction='row' sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography component='h1' variant='h5'>
          {translate('admin.sections.today')}
        </Typography>
        <Button
          variant='outlined'
          size='small'
          startIcon={<RefreshIcon />}
          onClick={() => void refetch()}
          disabled={isFetching}
        >
          {translate('admin.today.refresh')}
        </Button>
      </Stack>
      {data && (
        <Typography variant='body2' color='text.secondary' sx={{ mt: 0.5, mb: 2 }} aria-live='polite'>
          {translate('admin.today.asOf', { time: countryDateTime(new Date(dataUpdatedAt).toISOString(), 'cn') })}
        </Typography>
      )}
      {error && (
        <Alert severity='error' sx={{ mb: 2 }}>
          {translate('admin.today.loadError', { message: (error as Error).message })}
        </Alert>
      )}
      {isPending && !error && <Loading />}
      {data && <TodayCards today={data} language={locale} />}
    </Box>
  )
}

function TodayCards({ today, language }: { today: Today; language: string }) {
  const translate = useTranslate()
  const { permissions } = usePermissions<Permission[]>()
  /** the screen `name` when the member may open it (and it is in the console), else null */
  const screen = (name: string) => {
    const r = RESOURCES.find((x) => x.name === name)
    return r && permissions?.includes(r.permission) ? `/${name}` : null
  }
  const queues = QUEUES.filter((q) => today[q])
  const nothing = !today.orders && !queues.length && !today.flashSales && !today.webhooks
  if (nothing) return <Alert severity='info'>{translate('admin.today.nothing')}</Alert>
  return (
    <Box sx={{ columnCount: { xs: 1, md: 2 }, columnGap: 2, '& > *': { breakInside: 'avoid', mb: 2 } }}>
      {today.orders && (
        <>
          <TodayCard
            id='placed'
            title={translate('admin.today.placed.title')}
            link={screen('orders')}
            linkLabel={translate('admin.today.placed.open')}
          >
            <Table size='small'>
              <TableBody>
                {today.orders.placedToday.map((p) => (
                  <TableRow key={p.country}>
                    <TableCell component='th' scope='row'>
                      <Typography variant='subtitle2' component='span' sx={{ display: 'block' }}>
                        {translate(`admin.today.countries.${p.country}`)}
                      </Typography>
                      <Typography variant='caption' color='text.secondary'>
                        {translate('admin.today.placed.since', { time: countryDateTime(p.since, p.country) })}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Typography variant='h6' component='span' data-figure={`placed-${p.country}`}>
                        {translate('admin.today.placed.orders', { smart_count: p.count })}
                      </Typography>
                    </TableCell>
                    <TableCell align='right'>
                      {p.value.length
                        ? p.value.map((v) => (
                            <Typography key={v.currency} component='span' sx={{ display: 'block' }}>
                              {money(v.amount, v.currency, language)}
                            </Typography>
                          ))
                        : translate('admin.today.placed.noValue')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TodayCard>
          <TodayCard
            id='awaiting'
            title={translate('admin.today.awaiting.title')}
            link={screen('order-reviews')}
            linkLabel={translate('admin.today.awaiting.open')}
          >
            <Typography variant='h6' component='p' sx={{ mb: 1 }} data-figure='awaiting'>
              {translate('admin.today.awaiting.total', { smart_count: today.orders.awaitingDecision.total })}
            </Typography>
            <Table size='small'>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.today.awaiting.status')}</TableCell>
                  <TableCell align='right'>{translate('admin.today.awaiting.count')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {Object.entries(today.orders.awaitingDecision.byStatus).map(([status, count]) => (
                  <TableRow key={status}>
                    <TableCell component='th' scope='row'>
                      {translate(`resources.orders.status.${status}`, { _: status })}
                    </TableCell>
                    <TableCell align='right'>{count}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TodayCard>
        </>
      )}
      {queues.length > 0 && (
        <TodayCard id='queues' title={translate('admin.today.queues.title')}>
          <Table size='small'>
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.today.queues.queue')}</TableCell>
                <TableCell align='right' sx={{ whiteSpace: 'nowrap' }}>
                  {translate('admin.today.queues.pending')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('admin.today.queues.overdue')}</TableCell>
                <TableCell>{translate('admin.today.queues.oldest')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {queues.map((q) => (
                <QueueRow
                  key={q}
                  name={q}
                  queue={today[q]!}
                  link={screen(QUEUE_RESOURCE[q])}
                  label={translate(`admin.today.queues.${q}`)}
                />
              ))}
            </TableBody>
          </Table>
        </TodayCard>
      )}
      {today.flashSales && (
        <TodayCard
          id='flash-sales'
          title={translate('admin.today.flashSales.title')}
          link={screen('flash-sales')}
          linkLabel={translate('admin.today.flashSales.open')}
        >
          {today.flashSales.length === 0 ? (
            <Typography variant='body2'>{translate('admin.today.flashSales.none')}</Typography>
          ) : (
            <Table size='small'>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('admin.today.flashSales.product')}</TableCell>
                  <TableCell align='right' sx={{ whiteSpace: 'nowrap' }}>
                    {translate('admin.today.flashSales.stock')}
                  </TableCell>
                  <TableCell align='right'>{translate('admin.today.flashSales.perMinute')}</TableCell>
                  <TableCell>{translate('admin.today.flashSales.endsAt')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {today.flashSales.map((f) => (
                  <TableRow key={f.id} data-sale={f.id}>
                    <TableCell component='th' scope='row' sx={{ overflowWrap: 'anywhere' }}>
                      <Typography variant='body2' component='span' sx={{ display: 'block' }}>
                        {f.title}
                      </Typography>
                      <Typography variant='caption' color='text.secondary'>
                        {f.catalogNumber} · {translate(`admin.today.countries.${f.country}`)}
                      </Typography>
                    </TableCell>
                    <TableCell align='right' sx={{ whiteSpace: 'nowrap' }}>
                      {translate('admin.today.flashSales.stockOf', { left: f.remainQty, total: f.totalQty })}
                      {f.remainQty === 0 && (
                        <Chip
                          size='small'
                          variant='outlined'
                          label={translate('admin.today.flashSales.soldOut')}
                          sx={{ display: 'flex', mt: 0.5, ml: 'auto', width: 'fit-content' }}
                        />
                      )}
                    </TableCell>
                    <TableCell align='right'>{f.ordersPerMinute}</TableCell>
                    <TableCell>{countryDateTime(f.endAt, f.country)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </TodayCard>
      )}
      {today.webhooks && (
        <TodayCard
          id='webhooks'
          title={translate('admin.today.webhooks.title')}
          link={screen('webhook-deliveries')}
          linkLabel={translate('admin.today.webhooks.open')}
        >
          {today.webhooks.failing === 0 ? (
            <Typography variant='body2' data-figure='webhooks-failing'>
              {translate('admin.today.webhooks.allGood')}
            </Typography>
          ) : (
            <Box
              component='dl'
              sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
            >
              <Figure label={translate('admin.today.webhooks.failing')}>
                <strong data-figure='webhooks-failing'>{today.webhooks.failing}</strong>
              </Figure>
              <Figure label={translate('admin.today.webhooks.dead')}>{today.webhooks.dead}</Figure>
              <Figure label={translate('admin.today.webhooks.retrying')}>{today.webhooks.retrying}</Figure>
              <Figure label={translate('admin.today.webhooks.oldest')}>
                {countryDateTime(today.webhooks.oldestAt, 'cn')}
              </Figure>
            </Box>
          )}
        </TodayCard>
      )}
    </Box>
  )
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component='dt' variant='body2' color='text.secondary'>
        {label}
      </Typography>
      <Typography component='dd' variant='body2' sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  )
}

function QueueRow({
  name,
  queue,
  link,
  label,
}: {
  name: QueueName
  queue: TodayQueue
  link: string | null
  label: string
}) {
  const translate = useTranslate()
  return (
    <TableRow data-queue={name}>
      <TableCell component='th' scope='row'>
        {link ? (
          <Button
            component={RouterLink}
            to={link}
            size='small'
            sx={{ p: 0, minWidth: 0, textAlign: 'left', justifyContent: 'flex-start', textTransform: 'none' }}
            aria-label={translate('admin.today.queues.openQueue', { queue: label })}
          >
            {label}
          </Button>
        ) : (
          label
        )}
        <Typography variant='caption' color='text.secondary' component='span' sx={{ display: 'block' }}>
          {translate(`admin.today.queues.deadline.${name}`)}
        </Typography>
      </TableCell>
      <TableCell align='right' data-figure={`${name}-pending`}>
        {queue.pending}
      </TableCell>
      <TableCell data-figure={`${name}-overdue`}>
        {queue.overdue > 0 ? (
          <Chip
            size='small'
            color='error'
            label={translate('admin.today.queues.overdueCount', { smart_count: queue.overdue })}
          />
        ) : (
          translate('admin.today.queues.onTime')
        )}
      </TableCell>
      <TableCell>{countryDateTime(queue.oldestAt, 'cn')}</TableCell>
    </TableRow>
  )
}

/** One card: a titled region, its figures, the link to its screen (when the member may open it). */
function TodayCard(props: {
  id: string
  title: string
  link?: string | null
  linkLabel?: string
  children: ReactNode
}) {
  const headingId = `today-${props.id}`
  return (
    <Card component='section' aria-labelledby={headingId} data-block={props.id} sx={{ minWidth: 0 }}>
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography id={headingId} component='h2' variant='h6' sx={{ mb: 1 }}>
          {props.title}
        </Typography>
        {props.children}
      </CardContent>
      {props.link && props.linkLabel && (
        <CardActions>
          <Button component={RouterLink} to={props.link} size='small'>
            {props.linkLabel}
          </Button>
        </CardActions>
      )}
    </Card>
  )
}
