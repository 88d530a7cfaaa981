import { View, Text } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useT } from '../../../store/locale'
import { tapProps } from '../../tappable'
import { hiddenProps } from '../../../platform/a11y'
import './index.scss'

/** Recent searches as chips (newest first) with a clear action; tapping one searches it again. */
export default function SearchHistory({
  history,
  onPick,
  onClear,
}: {
  history: string[]
  onPick: (term: string) => void
  onClear: () => void
}) {
  const t = useT()
  if (!history.length) return null
  return (
    <View className='search-history'>
      <View className='search-history__head'>
        <Text className='search-history__title'>{t('browse.search.history')}</Text>
        <View className='search-history__clear' {...tapProps(onClear)}>
          <View className='search-history__clear-icon' {...hiddenProps()}>
            <AtIcon value='trash' size='14' color='#596579' />
          </View>
          <Text className='search-history__clear-text'>{t('browse.search.clearHistory')}</Text>
        </View>
      </View>
      <View className='search-history__chips'>
        {history.map((h) => (
          <Text key={h} className='search-history__chip' {...tapProps(() => onPick(h))}>
            {h}
          </Text>
        ))}
      </View>
    </View>
  )
}
