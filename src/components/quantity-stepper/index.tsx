import { useEffect, useRef, useState } from 'react'
import { View, Text, Input } from '@tarojs/components'
import { useT } from '../../store/locale'
import {
  CART_QTY_MAX,
  CART_QTY_MIN,
  QTY_CHECK_DELAY_MS,
  QTY_TOOLTIP_MS,
  checkQuantityInput,
  stepQuantity,
} from '../../../types/cart/quantity'
import { tapProps } from '../tappable'
import { ariaProps, fieldLabelProps } from '../../platform/a11y'
import './index.scss'

export interface QuantityStepperProps {
  /** the quantity the server holds (or the one on its way) */
  value: number
  /** the accessible name of the field, e.g. 'Quantity of Anti-CD3 …' */
  label: string
  /** sends a new quantity; resolves to null when taken, else the message of the refusal */
  onCommit: (quantity: number) => Promise<string | null>
  disabled?: boolean
}

/**
 * Spec section 4: "The cart limit is 1 to 999. The minus button does nothing below 0." (minus is
 * disabled at 1); section 8: "Quantity errors show a tooltip for 4 seconds." Typed input is checked
 * QTY_CHECK_DELAY_MS after the last keystroke; a refused value never stays on screen: the field goes
 * back to the quantity the server holds.
 */
export default function QuantityStepper({ value, label, onCommit, disabled }: QuantityStepperProps) {
  const t = useT()
  const [text, setText] = useState(String(value))
  const [tip, setTip] = useState<string | null>(null)
  const checkTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const tipTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const typing = useRef(false)

  // the server's answer replaces what is shown unless the user is typing
  useEffect(() => {
    if (!typing.current) setText(String(value))
  }, [value])
  useEffect(
    () => () => {
      if (checkTimer.current) clearTimeout(checkTimer.current)
      if (tipTimer.current) clearTimeout(tipTimer.current)
    },
    [],
  )

  const showTip = (message: string) => {
    if (tipTimer.current) clearTimeout(tipTimer.current)
    setTip(message)
    tipTimer.current = setTimeout(() => {
      setTip(null)
      tipTimer.current = null
    }, QTY_TOOLTIP_MS)
  }

  const commit = async (next: number) => {
    if (next === value) {
      setText(String(value))
      return
    }
    setText(String(next))
    const refused = await onCommit(next)
    if (refused) {
      setText(String(value))
      showTip(refused)
    }
  }

  const check = (raw: string) => {
    typing.current = false
    const r = checkQuantityInput(raw)
    if (!r.ok) {
      setText(String(value))
      showTip(
        r.error === 'numeric'
          ? t('cart.qty.numeric')
          : r.error === 'min'
            ? t('cart.qty.min', { min: CART_QTY_MIN })
            : t('cart.qty.max', { max: CART_QTY_MAX }),
      )
      return
    }
    commit(r.value).catch(() => undefined)
  }

  const onInput = (e: { detail: { value: string } }) => {
    const raw = e.detail.value
    typing.current = true
    setText(raw)
    if (checkTimer.current) clearTimeout(checkTimer.current)
    checkTimer.current = setTimeout(() => {
      checkTimer.current = null
      check(raw)
    }, QTY_CHECK_DELAY_MS)
  }

  const step = (dir: 1 | -1) => {
    if (disabled) return
    const next = stepQuantity(value, dir)
    if (next === value) return // "The minus button does nothing below 0"
    commit(next).catch(() => undefined)
  }

  const minusOff = disabled || value <= CART_QTY_MIN
  const plusOff = disabled || value >= CART_QTY_MAX
  return (
    <View className='qty-stepper' {...ariaProps('group', { label })}>
      <View
        className={`qty-stepper__btn qty-stepper__minus${minusOff ? ' qty-stepper__btn--off' : ''}`}
        {...tapProps(() => step(-1), { label: t('cart.qty.minus'), disabled: minusOff })}
      >
        <Text>−</Text>
      </View>
      <Input
        className='qty-stepper__input'
        type='text'
        value={text}
        maxlength={4}
        disabled={disabled}
        onInput={onInput}
        {...fieldLabelProps(label)}
      />
      <View
        className={`qty-stepper__btn qty-stepper__plus${plusOff ? ' qty-stepper__btn--off' : ''}`}
        {...tapProps(() => step(1), { label: t('cart.qty.plus'), disabled: plusOff })}
      >
        <Text>+</Text>
      </View>
      {tip && (
        <View className='qty-stepper__tip' {...ariaProps('alert')}>
          <Text>{tip}</Text>
        </View>
      )}
    </View>
  )
}
