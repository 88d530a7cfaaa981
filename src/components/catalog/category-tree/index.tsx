import { View, Text } from '@tarojs/components'
import type { CategoryNode } from '../../../../types'
import { useT } from '../../../store/locale'
import { RECOMMENDED } from '../../../store/catalog/categories'
import Tappable, { tapProps } from '../../tappable'
import { ariaProps } from '../../../platform/a11y'
import './index.scss'

/** The rail of top-level categories, All recommended first. */
export default function CategoryTree({
  tree,
  activeTop,
  onPick,
  failed,
  onRetry,
}: {
  tree: CategoryNode[]
  /** code of the highlighted top-level category, or 'recommended' */
  activeTop: string
  onPick: (code: string) => void
  failed?: boolean
  onRetry?: () => void
}) {
  const t = useT()
  const item = (code: string, name: string) => (
    <Tappable
      key={code}
      className={`category-tree__item${activeTop === code ? ' category-tree__item--active' : ''}`}
      data={{ code }}
      role='tab'
      selected={activeTop === code}
      onTap={() => onPick(code)}
    >
      <Text className='category-tree__name'>{name}</Text>
    </Tappable>
  )
  return (
    <View className='category-tree'>
      <View {...ariaProps('tablist', { orientation: 'vertical' })}>
        {item(RECOMMENDED, t('browse.cat.allRecommended'))}
        {tree.map((top) => item(top.code, top.name))}
      </View>
      {failed && (
        <View className='category-tree__failed'>
          <Text>{t('browse.sectionFailed')}</Text>
          {onRetry && (
            <Text className='category-tree__retry' {...tapProps(onRetry)}>
              {t('home.retry')}
            </Text>
          )}
        </View>
      )}
    </View>
  )
}
