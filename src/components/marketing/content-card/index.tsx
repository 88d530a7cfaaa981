import { View, Text } from '@tarojs/components'
import type { ContentCard as Card } from '../../../../types'
import { useT, useLocale } from '../../../store/locale'
import { formatTimestamp } from '../../../rules/format'
import { mediaUrl } from '../../rich-text/parse'
import Tappable from '../../tappable'
import Picture from '../../picture'
import './index.scss'

/** One article in a list: cover, article type, title, summary, date and reading time. */
export default function ContentCard({
  card,
  typeLabel,
  onOpen,
  compact,
}: {
  card: Card
  typeLabel?: string
  onOpen: () => void
  compact?: boolean
}) {
  const t = useT()
  const country = useLocale((s) => s.country)
  const cover = mediaUrl(card.coverImage, API_BASE_URL)
  return (
    <Tappable
      className={`content-card${compact ? ' content-card--compact' : ''}`}
      data={{ 'content-id': card.id }}
      onTap={onOpen}
    >
      {cover ? (
        <Picture className='content-card__cover' lazyLoad src={cover} alt='' />
      ) : (
        <View className='content-card__cover content-card__cover--none' />
      )}
      <View className='content-card__body'>
        {typeLabel && <Text className='content-card__type'>{typeLabel}</Text>}
        <Text className='content-card__title'>{card.title}</Text>
        {!compact && card.summary && <Text className='content-card__summary'>{card.summary}</Text>}
        <Text className='content-card__meta'>
          {formatTimestamp(card.publishedAt, country, 'YYYY-MM-DD')}
          {card.readMinutes > 0 ? ` · ${t('content.readMinutes', { minutes: card.readMinutes })}` : ''}
        </Text>
      </View>
    </Tappable>
  )
}
