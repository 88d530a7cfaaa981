import { View, Text } from '@tarojs/components'
import type { AvailabilityRecord } from '../../../../types'
import { useT } from '../../../store/locale'
import { AVAILABILITY_COLOR } from '../../../rules/catalog/availability'
import { availabilityOf } from '../../../store/catalog/product'
import type { LoadState } from '../../../store/load-state'
import './index.scss'

const LABEL = {
  IN_STOCK: 'availability.inStock',
  PARTIALLY_IN_STOCK: 'availability.partial',
  OUT_OF_STOCK: 'availability.outOfStock',
} as const

/**
 * Spec section 4, availability by quantity: "Zero or negative: OUT_OF_STOCK (red). At or above the
 * desired quantity: IN_STOCK (green). Otherwise: PARTIALLY_IN_STOCK (orange)." With the server's
 * displayInventory text beside it.
 */
export default function AvailabilityBadge({
  record,
  status,
  verdict,
}: {
  record: AvailabilityRecord | null
  status: LoadState
  /** the server's verdict for a wanted quantity (a cart line), instead of the single-unit one */
  verdict?: keyof typeof LABEL
}) {
  const t = useT()
  if (status === 'loading' || status === 'idle')
    return (
      <View className='availability availability--loading'>
        <Text>{t('availability.checking')}</Text>
      </View>
    )
  const s = verdict ?? availabilityOf(record)
  if (status === 'failed' || !s || !record)
    return (
      <View className='availability availability--unknown'>
        <Text>{t('availability.unknown')}</Text>
      </View>
    )
  const color = AVAILABILITY_COLOR[s]
  const label = t(LABEL[s])
  const inventory = record.displayInventory.trim()
  return (
    <View className={`availability availability--${color}`} data-status={s}>
      <View className='availability__dot' />
      <Text className='availability__label'>{label}</Text>
      {inventory && inventory.toLowerCase() !== label.toLowerCase() && (
        <Text className='availability__inventory'>
          {/^\d+$/.test(inventory) ? t('availability.quantity', { count: inventory }) : inventory}
        </Text>
      )}
    </View>
  )
}
