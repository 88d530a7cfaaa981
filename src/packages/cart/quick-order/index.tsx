import { useMemo, useState } from 'react'
import { View, Text, Textarea } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import PageShell from '../../../components/page-shell'
import Tappable, { tapProps } from '../../../components/tappable'
import { LINE_RESULT_LABEL } from '../../../components/cart/quick-add'
import { useT } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useCart } from '../../../store/cart/cart'
import { parseQuickOrder, QUICK_ORDER_MAX_LINES } from '../../../../types/cart/quick-order'
import type { LineResult } from '../../../../types/cart'
import { pageParam } from '../../../rules/page-params'
import { ariaProps, fieldLabelProps } from '../../../platform/a11y'
import './index.scss'

const ADDED = new Set<LineResult['status']>(['added', 'capped'])

/**
 * Quick order (spec section 2 names the screen; issue 9): paste catalogue numbers with quantities
 * as copied from a spreadsheet (one per line, or comma / tab separated), see what was read and what
 * could not be, add them through /cart/quickAdd, and see each line's verdict. With an orderNumber
 * param, the lines of that past order can be put back in the cart (/cart/reorder).
 */
export default function QuickOrder() {
  const t = useT()
  const { params } = useRouter()
  const orderNumber = pageParam(params, 'orderNumber')
  const loggedIn = useSession((s) => s.userInfo !== null)
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [results, setResults] = useState<LineResult[] | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const parsed = useMemo(() => parseQuickOrder(text), [text])

  const run = async (call: () => ReturnType<ReturnType<typeof useCart.getState>['quickAdd']>) => {
    if (busy) return
    setBusy(true)
    setFailed(null)
    try {
      const r = await call()
      if (r.ok) setResults(r.value)
      else {
        setResults(null)
        setFailed(t('qo.failed', { message: r.message }))
      }
    } finally {
      setBusy(false)
    }
  }
  const submit = () => {
    if (!parsed.lines.length) return
    run(() =>
      useCart.getState().quickAdd(
        parsed.lines.map((l) => ({ line: l.line, catalogNumber: l.catalogNumber, quantity: l.quantity })),
        'quickOrder',
      ),
    )
  }
  const reorder = () => {
    if (orderNumber) run(() => useCart.getState().reorder(orderNumber))
  }

  const problemText = (p: { line: number; raw: string; error: 'quantity' | 'format' | 'tooMany' }) =>
    p.error === 'tooMany'
      ? t('qo.problem.tooMany', { line: p.line, max: QUICK_ORDER_MAX_LINES })
      : t(`qo.problem.${p.error}`, { line: p.line, raw: p.raw })

  const addedCount = results?.filter((r) => ADDED.has(r.status)).length ?? 0

  return (
    <PageShell header={{ title: t('qo.title') }}>
      <View className='qo'>
        {orderNumber && loggedIn && (
          <View className='qo-card qo-reorder'>
            <Text className='qo-card__title'>{t('qo.reorderTitle')}</Text>
            <View
              className={`qo-button qo-reorder__go${busy ? ' qo-button--busy' : ''}`}
              {...tapProps(reorder, { disabled: busy })}
            >
              {t('qo.reorder', { orderNumber })}
            </View>
          </View>
        )}
        <View className='qo-card'>
          <Text className='qo-card__title'>{t('qo.title')}</Text>
          <Text className='qo-intro'>{t('qo.intro')}</Text>
          <Textarea
            className='qo-input'
            value={text}
            maxlength={20000}
            placeholder={t('qo.placeholder')}
            onInput={(e) => {
              setText(e.detail.value)
              setResults(null)
            }}
            {...fieldLabelProps(t('qo.label'))}
          />
          {parsed.lines.length > 0 && (
            <View className='qo-preview'>
              <Text className='qo-preview__title'>{t('qo.preview', { count: parsed.lines.length })}</Text>
              <View
                className='qo-table'
                {...ariaProps('table', { label: t('qo.preview', { count: parsed.lines.length }) })}
              >
                <View className='qo-table__row qo-table__head' {...ariaProps('row')}>
                  <Text className='qo-table__line' {...ariaProps('columnheader')}>
                    {t('qo.colLine')}
                  </Text>
                  <Text className='qo-table__cat' {...ariaProps('columnheader')}>
                    {t('qo.colCat')}
                  </Text>
                  <Text className='qo-table__qty' {...ariaProps('columnheader')}>
                    {t('qo.colQty')}
                  </Text>
                </View>
                {parsed.lines.map((l) => (
                  <View key={l.line} className='qo-table__row qo-preview__line' {...ariaProps('row')}>
                    <Text className='qo-table__line' {...ariaProps('cell')}>
                      {l.line}
                    </Text>
                    <Text className='qo-table__cat' {...ariaProps('cell')}>
                      {l.catalogNumber}
                    </Text>
                    <Text className='qo-table__qty' {...ariaProps('cell')}>
                      {l.quantity}
                    </Text>
                  </View>
                ))}
              </View>
            </View>
          )}
          {parsed.problems.length > 0 && (
            <View className='qo-problems' {...ariaProps('status')}>
              <Text className='qo-problems__title'>{t('qo.problems')}</Text>
              {parsed.problems.map((p) => (
                <Text key={`${p.line}-${p.error}`} className='qo-problems__line'>
                  {problemText(p)}
                </Text>
              ))}
            </View>
          )}
          <View
            className={`qo-button qo-submit${busy || !parsed.lines.length ? ' qo-button--busy' : ''}`}
            {...tapProps(submit, { disabled: busy || !parsed.lines.length })}
          >
            {t('qo.submit', { count: parsed.lines.length })}
          </View>
          {failed && (
            <Text className='qo-failed' {...ariaProps('alert')}>
              {failed}
            </Text>
          )}
        </View>

        {results && (
          <View className='qo-card qo-results' {...ariaProps('status')}>
            <Text className='qo-card__title'>{t('qo.results')}</Text>
            <Text className='qo-results__count'>
              {t('qo.addedCount', { count: addedCount, total: results.length })}
            </Text>
            {results.map((r) => (
              <View
                key={`${r.line}-${r.catalogNumber}`}
                className={`qo-result qo-result--${ADDED.has(r.status) ? 'ok' : 'no'}`}
                data-status={r.status}
              >
                <Text className='qo-result__line'>{r.line}</Text>
                <View className='qo-result__body'>
                  <Text className='qo-result__cat'>
                    {r.catalogNumber} × {r.quantity}
                  </Text>
                  {r.productTitle && <Text className='qo-result__title'>{r.productTitle}</Text>}
                </View>
                <Text className='qo-result__status'>{t(LINE_RESULT_LABEL[r.status])}</Text>
              </View>
            ))}
          </View>
        )}
        <Tappable className='qo-back' to={{ route: 'cart' }}>
          {t('qo.backToCart')} ›
        </Tappable>
      </View>
    </PageShell>
  )
}
