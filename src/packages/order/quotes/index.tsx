import '../../../store/order/screens' // this screen's messages (H5 loads them with the page)
import { useEffect, useState } from 'react'
import { View, Text } from '@tarojs/components'
import DetailPage from '../../../components/detail-page'
import QuoteSummaryCard from '../../../components/order/quote-summary-card'
import SQuoteProductDrawer from '../../../components/order/quote-product-drawer'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { useT } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useQuotes } from '../../../store/order/quotes'
import './index.scss'

/** /my-quotes: the account's S-quotes as summary cards; 'View Product' opens the quote's products in a drawer. */
export default titledScreen(DetailPage, 'screen.quotes', Quotes)

function Quotes() {
  const t = useT()
  const userId = useSession((s) => s.userInfo?.userProfile.userId)
  const list = useQuotes((s) => s.list)
  const [viewing, setViewing] = useState<string | null>(null)
  useEffect(() => {
    if (userId) useQuotes.getState().loadList()
  }, [userId])

  if (list.status === 'failed') {
    return (
      <StatePanel
        block='quotes-state'
        text={list.error}
        action={{ label: t('order.retry'), onTap: () => useQuotes.getState().loadList() }}
      />
    )
  }
  if (!list.data) return <LoadingPanel className='quotes-state' message={t('order.loading')} />
  if (list.data.length === 0)
    return (
      <View className='quotes-state quotes-empty'>
        <Text>{t('quotes.empty')}</Text>
      </View>
    )
  return (
    <View className='quotes'>
      {list.data.map((q) => (
        <QuoteSummaryCard key={q.orderHeader.staticQuoteId} quote={q} onViewProducts={setViewing} />
      ))}
      {viewing && <SQuoteProductDrawer staticQuoteId={viewing} onClose={() => setViewing(null)} />}
    </View>
  )
}
