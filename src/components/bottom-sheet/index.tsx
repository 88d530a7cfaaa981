import type { ReactNode } from 'react'
import { View, Text, ScrollView } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useT } from '../../store/locale'
import { tapProps } from '../tappable'
import Dialog from '../dialog'
import { hiddenProps } from '../../platform/a11y'
import './index.scss'

/** Spec section 2: "Maximum height is 80 percent of the window." */
export const BOTTOM_SHEET_MAX_HEIGHT = '80vh'

/**
 * A bottom sheet (spec section 2 "Bottom-sheet quote drawer, titled and with a button ..., with a
 * tip"): title, close button, scrolling body, an optional tip and one action button, on the one
 * modal Dialog (focus kept inside, Escape closes, focus back to the opener). Spec section 4:
 * "The bottom-sheet button is disabled while the sheet is marked disabled."
 */
export default function BottomSheet({
  title,
  tip,
  button,
  disabled,
  onButton,
  onClose,
  children,
  className,
}: {
  title: string
  tip?: string
  button?: string
  disabled?: boolean
  onButton?: () => void
  onClose: () => void
  children?: ReactNode
  className?: string
}) {
  const t = useT()
  return (
    <Dialog
      className={`bottom-sheet${className ? ` ${className}` : ''}`}
      maskClassName='bottom-sheet__mask'
      label={title}
      onClose={onClose}
    >
      <View className='bottom-sheet__panel' style={{ maxHeight: BOTTOM_SHEET_MAX_HEIGHT }}>
        <View className='bottom-sheet__head'>
          <Text className='bottom-sheet__title'>{title}</Text>
          <View className='bottom-sheet__close' {...tapProps(onClose, { label: t('sheet.close') })}>
            <View {...hiddenProps()}>
              <AtIcon value='close' size={18} color='#596579' />
            </View>
          </View>
        </View>
        <ScrollView className='bottom-sheet__body' scrollY>
          {children}
        </ScrollView>
        {tip && <Text className='bottom-sheet__tip'>{tip}</Text>}
        {button && (
          <View
            className={`bottom-sheet__button${disabled ? ' bottom-sheet__button--disabled' : ''}`}
            {...tapProps(onButton, { disabled })}
          >
            {button}
          </View>
        )}
      </View>
    </Dialog>
  )
}
