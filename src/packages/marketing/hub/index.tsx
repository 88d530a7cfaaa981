import { useEffect } from 'react'
import { useReachBottom, useRouter } from '@tarojs/taro'
import { View, Text, ScrollView, Button } from '@tarojs/components'
import PageShell from '../../../components/page-shell'
import ContentCard from '../../../components/marketing/content-card'
import { pageParam } from '../../../rules/page-params'
import { useT, useLocale } from '../../../store/locale'
import { isContentType, useContentHub } from '../../../store/marketing/content'
import { navigation } from '../../../platform/navigation'
import { tapProps } from '../../../components/tappable'
import { LoadingPanel } from '../../../components/state-panel'
import './index.scss'

const TITLE = {
  knowledge: 'hub.knowledge',
  application: 'hub.application',
  workflow: 'hub.workflow',
  industry: 'hub.industry',
  brand: 'hub.brand',
  campaign: 'hub.campaign',
} as const
const INTRO = {
  knowledge: 'hub.knowledge.intro',
  application: 'hub.application.intro',
  workflow: 'hub.workflow.intro',
  industry: 'hub.industry.intro',
  brand: 'hub.brand.intro',
  campaign: 'hub.campaign.intro',
} as const

/**
 * Marketing content of one content type (learning centre / knowledge hub, application, workflow,
 * industry solutions, brands, promotions and campaigns): categories as tabs, the article type
 * filter, and the paged list (spec section 7, marketing API).
 */
export default function ContentHub() {
  const t = useT()
  const { params } = useRouter()
  const raw = pageParam(params, 'contentType')
  const contentType = isContentType(raw) ? raw : 'knowledge'
  const language = useLocale((s) => s.language)
  const hub = useContentHub()
  const key = `${contentType}|${language}`

  useEffect(() => {
    if (hub.key !== key) hub.open(contentType, key)
  }, [key]) // eslint-disable-line react-hooks/exhaustive-deps

  useReachBottom(() => {
    hub.more()
  })

  const typeLabel = (v: string) => hub.articleTypes.find((a) => a.dictValue === v)?.dictLabel ?? v
  const tabs = [
    { id: null as string | null, name: t('hub.all'), count: null as number | null },
    ...hub.categories.map((c) => ({ id: c.id, name: c.name, count: c.count })),
  ]
  const types = [
    { value: null as string | null, label: t('hub.allTypes') },
    ...hub.articleTypes.map((a) => ({ value: a.dictValue, label: a.dictLabel })),
  ]

  return (
    <PageShell header={{ title: t(TITLE[contentType]) }}>
      <View className='hub'>
        <View className='hub__intro'>
          <Text className='hub__title'>{t(TITLE[contentType])}</Text>
          <Text className='hub__subtitle'>{t(INTRO[contentType])}</Text>
        </View>
        <ScrollView className='hub-tabs' scrollX enhanced showScrollbar={false}>
          {tabs.map((tab) => (
            <View
              key={tab.id ?? 'all'}
              className={`hub-tabs__tab${hub.categoryId === tab.id ? ' hub-tabs__tab--on' : ''}`}
              {...tapProps(() => hub.categoryId !== tab.id && hub.select({ categoryId: tab.id }))}
            >
              <Text>{tab.name}</Text>
              {tab.count !== null && <Text className='hub-tabs__count'>{tab.count}</Text>}
            </View>
          ))}
        </ScrollView>
        {hub.articleTypes.length > 0 && (
          <ScrollView className='hub-types' scrollX enhanced showScrollbar={false}>
            {types.map((ty) => (
              <View
                key={ty.value ?? 'all'}
                className={`hub-types__chip${hub.articleType === ty.value ? ' hub-types__chip--on' : ''}`}
                {...tapProps(() => hub.articleType !== ty.value && hub.select({ articleType: ty.value }))}
              >
                <Text>{ty.label}</Text>
              </View>
            ))}
          </ScrollView>
        )}
        <View className='hub__list'>
          {hub.items.map((c) => (
            <ContentCard
              key={c.id}
              card={c}
              typeLabel={typeLabel(c.articleType)}
              onOpen={() => navigation.go('contentDetail', { id: c.id })}
            />
          ))}
        </View>
        {hub.status === 'loading' && <LoadingPanel className='hub__state' message={t('hub.loading')} />}
        {hub.status === 'failed' && (
          <View className='hub__state'>
            <Text className='hub__error'>{t('hub.loadError')}</Text>
            <Button className='hub__button' {...tapProps(() => (hub.items.length ? hub.more() : hub.select({})))}>
              {t('home.retry')}
            </Button>
          </View>
        )}
        {hub.status === 'ready' && hub.items.length === 0 && (
          <View className='hub__state'>
            <Text>{t('hub.empty')}</Text>
          </View>
        )}
        {hub.status === 'ready' && hub.items.length > 0 && (
          <View className='hub__state'>
            {hub.items.length < hub.total ? (
              <Button className='hub__button' {...tapProps(() => hub.more())}>
                {t('home.loadMore')}
              </Button>
            ) : (
              <Text>{t('hub.end', { total: hub.total })}</Text>
            )}
          </View>
        )}
      </View>
    </PageShell>
  )
}
