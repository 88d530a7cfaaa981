import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import { ariaProps, hiddenProps, useDialogFocus } from '../../platform/a11y'

export interface DialogProps {
  /** the root's class: the fixed layer over the page */
  className: string
  /** the dimmed layer under the panel; a tap on it closes the dialog */
  maskClassName: string
  /** the accessible name (the dialog's title) */
  label: string
  /** close: the mask, Escape and the callers' close buttons; not called while `busy` */
  onClose: () => void
  /** a step is under way (e.g. a Yes being saved): the dialog stays */
  busy?: boolean
  /** mini-program: keep a swipe on the layer from scrolling the page under it */
  catchMove?: boolean
  children?: ReactNode
}

/**
 * The one modal dialog every sheet, drawer, confirmation and popup is built on (issue 22 item 22,
 * WCAG 2.1.2 / 2.4.3): role=dialog, aria-modal and a name; on H5 focus moves into it when it
 * opens, Tab stays inside, Escape closes it and focus goes back to the control that opened it
 * (platform/a11y useDialogFocus). Mounted = open: render it only while the dialog is shown.
 */
export default function Dialog({ className, maskClassName, label, onClose, busy, catchMove, children }: DialogProps) {
  const close = () => {
    if (!busy) onClose()
  }
  const focus = useDialogFocus(close)
  return (
    <View className={className} catchMove={catchMove} {...ariaProps('dialog', { modal: 'true', label })} {...focus}>
      <View className={maskClassName} {...hiddenProps()} onClick={close} />
      {children}
    </View>
  )
}
