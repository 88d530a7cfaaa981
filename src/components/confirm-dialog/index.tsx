import type { ReactNode } from 'react'
import { View, Text } from '@tarojs/components'
import { useT } from '../../store/locale'
import { tapProps } from '../tappable'
import Dialog from '../dialog'
import './index.scss'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  body?: string
  /** default: 'Yes' */
  yesText?: string
  /** default: 'No' */
  noText?: string
  busy?: boolean
  /** more than a sentence under the title (e.g. the flash-buy price-changed table) */
  children?: ReactNode
  className?: string
  onYes: () => void
  onNo: () => void
}

/**
 * A Yes / No question over the page (spec section 4: "Click 'Set as Default', confirm Yes or No"), on
 * the one modal Dialog: Escape and a tap outside answer No (not while busy).
 */
export default function ConfirmDialog({
  open,
  title,
  body,
  yesText,
  noText,
  busy,
  children,
  className,
  onYes,
  onNo,
}: ConfirmDialogProps) {
  const t = useT()
  if (!open) return null
  return (
    <Dialog
      className={`confirm-dialog${className ? ` ${className}` : ''}`}
      maskClassName='confirm-dialog__mask'
      label={title}
      busy={busy}
      onClose={onNo}
    >
      <View className='confirm-dialog__panel'>
        <Text className='confirm-dialog__title'>{title}</Text>
        {body && <Text className='confirm-dialog__body'>{body}</Text>}
        {children}
        <View className='confirm-dialog__actions'>
          <View className='confirm-dialog__no' {...tapProps(onNo, { disabled: busy })}>
            {noText ?? t('acct.confirm.no')}
          </View>
          <View
            className={`confirm-dialog__yes${busy ? ' confirm-dialog__yes--busy' : ''}`}
            {...tapProps(onYes, { disabled: busy })}
          >
            {yesText ?? t('acct.confirm.yes')}
          </View>
        </View>
      </View>
    </Dialog>
  )
}
