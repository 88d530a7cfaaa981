import { useEffect, useMemo, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import PageShell from '../../../components/page-shell'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { getChatConfig } from '../../../api/service'
import {
  analyticsIdFromCookie,
  analyticsIdFromGlobal,
  chatProductCard,
  chatProductFromParams,
  chatWidgetSrc,
  normalizeAnalyticsId,
  pollAnalyticsId,
} from '../../../rules/service/chat'
import ChatWidget from '../../../platform/chat-widget'
import { browserAnalyticsSources } from '../../../platform/analytics'
import './index.scss'

/**
 * The analytics client id (spec section 7): on H5 the `_ga` cookie or the global analytics object;
 * else the logged-in user's analyticsClientId from /users/info.
 */
function readAnalyticsId(): string | null {
  const browser = browserAnalyticsSources()
  if (browser) {
    const fromBrowser = analyticsIdFromCookie(browser.cookie) ?? analyticsIdFromGlobal(browser.ga)
    if (fromBrowser) return fromBrowser
  }
  return normalizeAnalyticsId(useSession.getState().userInfo?.analyticsClientId)
}

/**
 * /zhichi-consult (route chat): opens the customer-service widget with the spec section 7 payload
 * ("employee id, email, name, analytics id, location, country, phone and company") at once; the
 * analytics client id, polled "every 1 second, up to 30 times", joins the payload when read
 * (rules/service/chat.ts chatWidgetSrc); opened from a product, with its card.
 */
export default function ChatPage() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { params } = useRouter()
  const user = useSession((s) => s.userInfo)
  const sessionStatus = useSession((s) => s.status)
  const [widgetUrl, setWidgetUrl] = useState<string | null | undefined>(undefined)
  const [polledAnalyticsId, setPolledAnalyticsId] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    getChatConfig()
      .then((c) => {
        if (live) setWidgetUrl(c.widgetUrl)
      })
      .catch(() => {
        if (live) setWidgetUrl(null)
      })
    const handle = pollAnalyticsId(readAnalyticsId)
    handle.result.then((analyticsId) => {
      if (live) setPolledAnalyticsId(analyticsId)
    })
    return () => {
      live = false
      handle.stop()
    }
  }, [])

  const product = useMemo(() => chatProductFromParams(params as Record<string, string | undefined>), [params])
  const card = useMemo(() => (product ? chatProductCard(product, API_BASE_URL) : null), [product])
  const location = (params.from && safeDecode(params.from)) || ''

  const src = chatWidgetSrc({
    widgetUrl,
    sessionKnown: sessionStatus === 'USER_FETCHED',
    user,
    location,
    country,
    polledAnalyticsId,
    card,
  })

  return (
    <PageShell header={{ title: t('screen.chat') }}>
      {card && (
        <View className='chat-card'>
          <Image className='chat-card__image' mode='aspectFit' src={card.image} />
          <View className='chat-card__body'>
            <Text className='chat-card__label'>{t('svc.chat.aboutProduct')}</Text>
            <Text className='chat-card__title'>{card.title}</Text>
            <Text className='chat-card__catalog'>{card.catalogNumber}</Text>
            {card.description && <Text className='chat-card__description'>{card.description}</Text>}
          </View>
        </View>
      )}
      {widgetUrl === null ? (
        <View className='chat-state'>
          <Text className='chat-state__error'>{t('svc.chat.unavailable')}</Text>
        </View>
      ) : src ? (
        <ChatWidget src={src} title={t('screen.chat')} openOutsideLabel={t('svc.chat.openOutside')} />
      ) : (
        <View className='chat-state'>
          <AtActivityIndicator content={t('svc.chat.connecting')} />
        </View>
      )}
    </PageShell>
  )
}

function safeDecode(v: string) {
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}
