import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useT } from '../../store/locale'
import { tapProps } from '../tappable'
import { hiddenProps } from '../../platform/a11y'
import './index.scss'

export interface SectionProps {
  title: string
  /** a 'more' link at the right of the title */
  more?: { label: string; onClick: () => void }
  /** the section could not load: a small retry instead of its content */
  failed?: boolean
  onRetry?: () => void
  className?: string
  children?: ReactNode
}

/** A titled block of a screen. A block that failed says so in one line with its own retry; the rest of the screen works. */
export default function Section({ title, more, failed, onRetry, className = '', children }: SectionProps) {
  const t = useT()
  return (
    <View className={`section ${className}`}>
      <View className='section__head'>
        <Text className='section__title'>{title}</Text>
        {more && (
          <View className='section__more' {...tapProps(more.onClick, { label: `${more.label}: ${title}` })}>
            <Text>{more.label}</Text>
            <View className='section__more-icon' {...hiddenProps()}>
              <AtIcon value='chevron-right' size='12' color='#0b5fa5' />
            </View>
          </View>
        )}
      </View>
      {failed ? (
        <View className='section__failed'>
          <Text className='section__failed-text'>{t('browse.sectionFailed')}</Text>
          {onRetry && (
            <Text className='section__retry' {...tapProps(onRetry)}>
              {t('home.retry')}
            </Text>
          )}
        </View>
      ) : (
        children
      )}
    </View>
  )
}
