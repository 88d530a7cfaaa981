import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import type { ShipTo } from '../../../../types'
import { useT } from '../../../store/locale'
import { addressLine, attentionOf } from '../../../rules/account/ship-to'
import { tapProps } from '../../tappable'
import './index.scss'

/**
 * The fields a ship-to shows (spec section 2: "Shown fields: attention-to, department or labs,
 * company or institution, address"), used by the Ship-To Info list and the delivery-address chooser.
 * A card that cannot be chosen (a pending ship-to) is a disabled button: read as unavailable, a tap
 * does nothing, and its text keeps full contrast (no fading: issue 22 item 24).
 */
export default function AddressCard({
  shipTo,
  head,
  children,
  disabled,
  onClick,
}: {
  shipTo: ShipTo
  /** number, badges and actions above the fields */
  head?: ReactNode
  /** bill-tos or actions below the fields */
  children?: ReactNode
  disabled?: boolean
  onClick?: () => void
}) {
  const t = useT()
  const { name, phone } = attentionOf(shipTo)
  const rows: { key: string; label: string; value: string }[] = [
    { key: 'attention', label: t('acct.shipTo.attention'), value: [name, phone].filter(Boolean).join('  ') },
    { key: 'dept', label: t('acct.shipTo.deptOrLab'), value: shipTo.deptOrLab ?? '' },
    { key: 'company', label: t('acct.shipTo.company'), value: shipTo.companyOrInstitution ?? '' },
    { key: 'address', label: t('acct.shipTo.address'), value: addressLine(shipTo) },
  ]
  return (
    <View
      className={`address-card${disabled ? ' address-card--disabled' : ''}`}
      data-address-key={shipTo.addressKey}
      {...(onClick ? tapProps(onClick, { disabled }) : {})}
    >
      {head && <View className='address-card__head'>{head}</View>}
      {shipTo.nickName && <Text className='address-card__nick'>{shipTo.nickName}</Text>}
      {rows
        .filter((r) => r.value)
        .map((r) => (
          <View key={r.key} className={`address-card__row address-card__row--${r.key}`}>
            <Text className='address-card__label'>{r.label}</Text>
            <Text className='address-card__value'>{r.value}</Text>
          </View>
        ))}
      {children}
    </View>
  )
}
