import { useEffect, useState } from 'react'
import { useReachBottom, useRouter } from '@tarojs/taro'
import { View, Text, Button, ScrollView } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import type { Invoice, InvoiceKind, InvoiceStatus } from '../../../../types'
import DetailPage from '../../../components/detail-page'
import { useT, useLocale } from '../../../store/locale'
import type { MessageKey } from '../../../i18n'
import { hasMoreInvoices, useInvoices, type InvoiceFilters } from '../../../store/account/invoices'
import { formatMoney, formatTimestamp } from '../../../rules/format'
import { pageParam } from '../../../rules/page-params'
import { tapProps } from '../../../components/tappable'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import './index.scss'

const KINDS: (InvoiceKind | 'all')[] = ['all', 'general', 'special']
const STATUSES: (InvoiceStatus | 'all')[] = ['all', 'issued', 'delivered', 'paid', 'overdue', 'cancelled']

/** /my-account/InvoiceList/{billToAccountNumber}: a bill-to's invoices, general or special, by status. */
export default titledScreen(DetailPage, 'screen.invoiceList', Invoices)

function Invoices() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { params } = useRouter()
  const billToNumber = pageParam(params, 'billToAccountNumber')
  const s = useInvoices()
  const [filters, setFilters] = useState<InvoiceFilters>({})

  useEffect(() => {
    if (billToNumber) useInvoices.getState().load(billToNumber, filters)
  }, [billToNumber, filters])
  useReachBottom(() => {
    useInvoices.getState().more()
  })

  const pick = (next: InvoiceFilters) =>
    setFilters(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as InvoiceFilters)
  const filtered = !!(filters.kind || filters.status)
  const mine = s.billToAccountNumber === billToNumber

  return (
    <View className='inv'>
      <View className='inv-head'>
        <Text className='inv-head__number'>
          {billToNumber}
          {s.billTo && mine ? ` · ${s.billTo.title}` : ''}
        </Text>
        {s.billTo && mine && (
          <Text className='inv-head__frequency'>
            {t('acct.inv.frequency', { frequency: t(`acct.freq.${s.billTo.invoiceFrequency}`) })}
          </Text>
        )}
      </View>
      <FilterRow field='kind' values={KINDS} filters={filters} pick={pick} />
      <FilterRow field='status' values={STATUSES} filters={filters} pick={pick} />

      {mine && s.list.map((i) => <InvoiceCard key={i.invoiceNumber} invoice={i} country={country} />)}

      {s.status === 'loading' && <LoadingPanel className='inv-state' message={t('acct.loading')} />}
      {s.status === 'failed' && (
        <StatePanel
          block='inv-state'
          error={s.error}
          button
          action={{ label: t('home.retry'), onTap: () => useInvoices.getState().load(billToNumber, filters) }}
        />
      )}
      {s.status === 'ready' && mine && s.list.length === 0 && (
        <View className='inv-state inv-empty'>
          <AtIcon value='file-generic' size={40} color='#a0a8b5' />
          <Text className='inv-state__title'>{t(filtered ? 'acct.inv.emptyFiltered' : 'acct.inv.empty')}</Text>
        </View>
      )}
      {s.status === 'ready' &&
        mine &&
        s.list.length > 0 &&
        (hasMoreInvoices(s) ? (
          <Button className='inv__more' {...tapProps(() => useInvoices.getState().more())}>
            {t('acct.inv.more')}
          </Button>
        ) : (
          <Text className='inv__all'>{t('acct.inv.allShown', { total: s.total })}</Text>
        ))}
    </View>
  )
}

/** a row of filter chips over one field of the filters ('all': no filter), the chosen one --on */
function FilterRow<F extends keyof InvoiceFilters>({
  field,
  values,
  filters,
  pick,
}: {
  field: F
  values: readonly (InvoiceFilters[F] | 'all')[]
  filters: InvoiceFilters
  pick: (next: InvoiceFilters) => void
}) {
  const t = useT()
  const on = filters[field] ?? 'all'
  return (
    <ScrollView scrollX className='inv-filter' enhanced showScrollbar={false}>
      {values.map((v) => (
        <Text
          key={v}
          className={`inv-filter__chip inv-filter__chip--${field}-${v}${on === v ? ' inv-filter__chip--on' : ''}`}
          {...tapProps(() => pick({ ...filters, [field]: v === 'all' ? undefined : v }))}
        >
          {t(`acct.inv.${field}.${v}` as MessageKey)}
        </Text>
      ))}
    </ScrollView>
  )
}

function InvoiceCard({ invoice: i, country }: { invoice: Invoice; country: 'cn' | 'in' }) {
  const t = useT()
  const rows: [string, string, string][] = [
    ['code', t('acct.inv.code'), i.invoiceCode],
    ['title', t('acct.inv.title'), i.title],
    ['tax', t('acct.inv.taxNumber'), i.taxNumber],
    ['bank', t('acct.inv.bank'), [i.bank, i.bankAccount].filter(Boolean).join(' ')],
    ['delivery', t('acct.inv.delivery'), i.deliveryNumber ?? ''],
  ]
  return (
    <View className='invoice' data-invoice={i.invoiceNumber}>
      <View className='invoice__top'>
        <Text className='invoice__number'>
          {t('acct.inv.number')} {i.invoiceNumber}
        </Text>
        <Text className={`invoice__status invoice__status--${i.status}`}>{t(`acct.inv.status.${i.status}`)}</Text>
      </View>
      <View className='invoice__tags'>
        <Text className={`invoice__kind invoice__kind--${i.kind}`}>{t(`acct.inv.kind.${i.kind}`)}</Text>
        <Text className='invoice__medium'>{t(`acct.inv.medium.${i.medium}`)}</Text>
        <Text className='invoice__date'>
          {t('acct.inv.issued', { date: formatTimestamp(i.issueDate, country, 'YYYY-MM-DD') })}
        </Text>
      </View>
      {rows
        .filter(([, , v]) => v)
        .map(([k, label, v]) => (
          <View key={k} className={`invoice__row invoice__row--${k}`}>
            <Text className='invoice__label'>{label}</Text>
            <Text className='invoice__value'>{v}</Text>
          </View>
        ))}
      <View className='invoice__bottom'>
        {i.salesOrderNumber ? (
          <Text className='invoice__order'>{t('acct.inv.order', { number: i.salesOrderNumber })}</Text>
        ) : (
          <View />
        )}
        <Text className='invoice__amount'>{formatMoney(i.amount, i.currency)}</Text>
      </View>
    </View>
  )
}
