import { View } from '@tarojs/components'
import './index.scss'

export type SkeletonVariant = 'banner' | 'card' | 'content' | 'chips' | 'rail' | 'row'

/**
 * Grey placeholder shapes with a soft shimmer, drawn where content is on its way (not a spinner):
 * the page keeps its layout while it loads.
 */
export default function Skeleton({
  variant,
  count = 1,
  compact,
}: {
  variant: SkeletonVariant
  count?: number
  compact?: boolean
}) {
  const n = Array.from({ length: count }, (_, i) => i)
  return (
    <View className={`skeleton skeleton--${variant}${compact ? ' skeleton--compact' : ''}`} aria-busy='true'>
      {variant === 'banner' && <View className='skeleton__block skeleton__banner' />}
      {variant === 'card' &&
        n.map((i) => (
          <View className='skeleton__card' key={i}>
            <View className='skeleton__block skeleton__thumb' />
            <View className='skeleton__lines'>
              <View className='skeleton__block skeleton__line' />
              <View className='skeleton__block skeleton__line skeleton__line--short' />
              <View className='skeleton__block skeleton__line skeleton__line--price' />
            </View>
          </View>
        ))}
      {variant === 'content' && (
        <View className='skeleton__tiles'>
          {n.map((i) => (
            <View className='skeleton__tile' key={i}>
              <View className='skeleton__block skeleton__cover' />
              <View className='skeleton__block skeleton__line' />
              <View className='skeleton__block skeleton__line skeleton__line--short' />
            </View>
          ))}
        </View>
      )}
      {variant === 'chips' && (
        <View className='skeleton__chips'>
          {n.map((i) => (
            <View className='skeleton__block skeleton__chip' key={i} />
          ))}
        </View>
      )}
      {variant === 'rail' && n.map((i) => <View className='skeleton__block skeleton__rail-item' key={i} />)}
      {variant === 'row' && n.map((i) => <View className='skeleton__block skeleton__row' key={i} />)}
    </View>
  )
}
