import { useEffect, useMemo, useRef, useState } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text, Image, Button } from '@tarojs/components'
import { AtActivityIndicator } from 'taro-ui'
import PageShell from '../../../components/page-shell'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/session'
import { getChatConfig } from '../../../api/service'
import {
  ANALYTICS_POLL_TRIES, analyticsIdFromCookie, analyticsIdFromGlobal, buildChatPayload, chatProductCard,
  chatProductFromParams, chatWidgetAddress, normalizeAnalyticsId, pollAnalyticsId, type PollHandle
} from '../../../rules/chat'
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

type Phase = { kind: 'waiting'; tries: number } | { kind: 'ready'; analyticsId: string | null }

/**
 * /zhichi-consult (route chat): opens the customer-service widget with the spec section 7 payload
 * ("employee id, email, name, analytics id, location, country, phone and company"), after polling
 * the analytics client id "every 1 second, up to 30 times"; opened from a product, with its card.
 */
export default function ChatPage() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const { params } = useRouter()
  const user = useSession((s) => s.userInfo)
  const sessionStatus = useSession((s) => s.status)
  const [widgetUrl, setWidgetUrl] = useState<string | null | undefined>(undefined)
  const [phase, setPhase] = useState<Phase>({ kind: 'waiting', tries: 0 })
  const poll = useRef<PollHandle | null>(null)

  useEffect(() => {
    let live = true
    getChatConfig().then((c) => { if (live) setWidgetUrl(c.widgetUrl) }).catch(() => { if (live) setWidgetUrl(null) })
    const handle = pollAnalyticsId(readAnalyticsId, { onTry: (tries) => { if (live) setPhase((p) => (p.kind === 'waiting' ? { kind: 'waiting', tries } : p)) } })
    poll.current = handle
    handle.result.then((analyticsId) => { if (live) setPhase({ kind: 'ready', analyticsId }) })
    return () => { live = false; handle.stop() }
  }, [])

  const product = useMemo(() => chatProductFromParams(params as Record<string, string | undefined>), [params])
  const card = useMemo(() => (product ? chatProductCard(product, API_BASE_URL) : null), [product])
  const location = (params.from && safeDecode(params.from)) || ''

  const sessionKnown = sessionStatus === 'USER_FETCHED'
  const src = widgetUrl && phase.kind === 'ready' && sessionKnown
    ? chatWidgetAddress(widgetUrl, buildChatPayload({ user, location, country, analyticsId: phase.analyticsId }), card)
    : null

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
        <View className='chat-state'><Text className='chat-state__error'>{t('svc.chat.unavailable')}</Text></View>
      ) : src ? (
        <ChatWidget src={src} title={t('screen.chat')} openOutsideLabel={t('svc.chat.openOutside')} />
      ) : (
        <View className='chat-state'>
          <AtActivityIndicator content={t('svc.chat.connecting')} />
          {phase.kind === 'waiting' && phase.tries > 1 && (
            <>
              <Text className='chat-state__tries'>{t('svc.chat.waitingId', { tries: phase.tries, max: ANALYTICS_POLL_TRIES })}</Text>
              <Button className='chat-state__start' onClick={() => poll.current?.stop()}>{t('svc.chat.startNow')}</Button>
            </>
          )}
        </View>
      )}
    </PageShell>
  )
}

function safeDecode(v: string) {
  try { return decodeURIComponent(v) } catch { return v }
}
