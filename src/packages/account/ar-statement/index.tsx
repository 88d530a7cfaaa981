import { useEffect } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text, ScrollView } from '@tarojs/components'
import DetailPage from '../../../components/detail-page'
import { useT, useLocale } from '../../../store/locale'
import { useArStatement } from '../../../store/account/ar-statement'
import { formatMoney, formatTimestamp } from '../../../rules/format'
import { pageParam } from '../../../rules/page-params'
import { tapProps } from '../../../components/tappable'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import './index.scss'

/**
 * /my-account/ARstatement/{billToAccountNumber}?shipTo&deptOrLab&companyOrInstitution&updateTime&overdue:
 * a bill-to's account-receivable statement by period (spec sections 2 and 9: frequency daily or monthly).
 */
export default titledScreen(DetailPage, 'screen.arStatement', Statement)

function Statement() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { params } = useRouter()
  const billTo = pageParam(params, 'billToAccountNumber')
  const { statement, status, error, load } = useArStatement()

  useEffect(() => {
    if (billTo) load(billTo)
  }, [billTo, load])

  const s = statement?.billTo.accountNumber === billTo ? statement : null
  const money = (n: number) => formatMoney(n, s?.billTo.currency ?? 'CNY')
  const updateTime = pageParam(params, 'updateTime') || s?.updateTime || ''
  const overdue = pageParam(params, 'overdue') === '1' || (s ? s.overdueAmount > 0 : false)
  const head: { key: string; label: string; value: string }[] = [
    { key: 'billTo', label: t('acct.ar.billTo'), value: [billTo, s?.billTo.title].filter(Boolean).join(' · ') },
    { key: 'shipTo', label: t('acct.ar.shipTo'), value: pageParam(params, 'shipTo') },
    { key: 'dept', label: t('acct.ar.deptOrLab'), value: pageParam(params, 'deptOrLab') },
    { key: 'company', label: t('acct.ar.company'), value: pageParam(params, 'companyOrInstitution') },
  ]

  return (
    <View className='ar'>
      <View className='ar-card ar-head'>
        {head
          .filter((h) => h.value)
          .map((h) => (
            <View key={h.key} className={`ar-head__row ar-head__row--${h.key}`}>
              <Text className='ar-head__label'>{h.label}</Text>
              <Text className='ar-head__value'>{h.value}</Text>
            </View>
          ))}
        <View className='ar-head__meta'>
          {updateTime && (
            <Text className='ar-head__updated'>
              {t('acct.ar.updated', { time: formatTimestamp(updateTime, country) })}
            </Text>
          )}
          {overdue && <Text className='ar-head__overdue'>{t('acct.billTo.overdue')}</Text>}
        </View>
        {s && (
          <Text className='ar-head__frequency'>
            {t('acct.ar.frequency', { frequency: t(`acct.freq.${s.billTo.statementFrequency}`) })}
          </Text>
        )}
      </View>

      {status === 'failed' && (
        <StatePanel
          block='ar-state'
          className='ar-card'
          error={error}
          button
          action={{ label: t('home.retry'), onTap: () => load(billTo, s?.period) }}
        />
      )}
      {!s && status === 'loading' && <LoadingPanel className='ar-state' message={t('acct.loading')} />}

      {s && (
        <>
          {s.periods.length > 0 && (
            <View className='ar-periods'>
              <Text className='ar-periods__label'>{t('acct.ar.period')}</Text>
              <ScrollView scrollX className='ar-periods__list' enhanced showScrollbar={false}>
                {s.periods.map((p) => (
                  <Text
                    key={p}
                    className={`ar-periods__chip${p === s.period ? ' ar-periods__chip--on' : ''}`}
                    {...tapProps(() => {
                      if (p !== s.period) load(billTo, p)
                    })}
                  >
                    {p}
                  </Text>
                ))}
              </ScrollView>
            </View>
          )}

          <View className='ar-card ar-summary'>
            {(
              [
                ['opening', s.openingBalance],
                ['invoiced', s.invoiced],
                ['paid', s.paid],
                ['closing', s.closingBalance],
                ['overdueAmount', s.overdueAmount],
                ['creditLimit', s.creditLimit],
              ] as const
            ).map(([k, v]) => (
              <View key={k} className={`ar-summary__cell ar-summary__cell--${k}`}>
                <Text className='ar-summary__label'>{t(`acct.ar.${k}`)}</Text>
                <Text className='ar-summary__value'>{money(v)}</Text>
              </View>
            ))}
          </View>

          <View className='ar-card ar-lines'>
            <Text className='ar-lines__title'>{t('acct.ar.lines')}</Text>
            {s.lines.length === 0 && <Text className='ar-lines__empty'>{t('acct.ar.empty')}</Text>}
            {s.lines.map((l) => (
              <View key={`${l.documentNumber}-${l.date}`} className={`ar-line${l.overdue ? ' ar-line--overdue' : ''}`}>
                <View className='ar-line__top'>
                  <Text className='ar-line__doc'>{l.documentNumber}</Text>
                  <Text className='ar-line__type'>{t(`acct.ar.type.${l.type}`)}</Text>
                  {l.overdue && <Text className='ar-line__overdue'>{t('acct.billTo.overdue')}</Text>}
                </View>
                <Text className='ar-line__date'>
                  {formatTimestamp(l.date, country, 'YYYY-MM-DD')}
                  {l.dueDate
                    ? ` · ${t('acct.ar.due', { date: formatTimestamp(l.dueDate, country, 'YYYY-MM-DD') })}`
                    : ''}
                </Text>
                {l.description && <Text className='ar-line__desc'>{l.description}</Text>}
                <View className='ar-line__amounts'>
                  <Text>
                    {t('acct.ar.debit')} {l.debit ? money(l.debit) : '-'}
                  </Text>
                  <Text>
                    {t('acct.ar.credit')} {l.credit ? money(l.credit) : '-'}
                  </Text>
                  <Text className='ar-line__balance'>
                    {t('acct.ar.balance')} {money(l.balance)}
                  </Text>
                </View>
              </View>
            ))}
          </View>
        </>
      )}
    </View>
  )
}
