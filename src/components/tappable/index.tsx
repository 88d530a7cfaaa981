import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import { specUrl, type RouteName } from '../../../types/routes'
import { navigation } from '../../platform/navigation'
import { controlProps, LinkElement } from '../../platform/a11y'

type Params = Record<string, string | number | undefined | null>

export interface TappableProps {
  className?: string
  /** the accessible name, when the visible text is not enough (an icon, a picture) */
  label?: string
  /** what the control is; a `to` makes it a link */
  role?: 'button' | 'tab' | 'checkbox' | 'radio' | 'switch' | 'menuitem' | 'option'
  /** a link to a page of the app: an <a href> with the spec address on H5 */
  to?: { route: RouteName; params?: Params }
  /** what a tap does (after opening `to`, if both are given, the tap runs instead of the navigation) */
  onTap?: () => void
  /** selected tab/option, checked checkbox/radio/switch, pressed toggle button */
  selected?: boolean
  /** the current page among links (the active footer tab) */
  current?: boolean
  disabled?: boolean
  hoverClass?: string
  /** data-* attributes (e.g. { 'catalog-number': 'MA1-10175' }) */
  data?: Record<string, string>
  children?: ReactNode
}

const STATE_ATTR: Partial<Record<NonNullable<TappableProps['role']>, string>> = {
  tab: 'selected', option: 'selected', checkbox: 'checked', radio: 'checked', switch: 'checked', button: 'pressed'
}

/** Enter and Space activate a control, as on a native button (a link takes Enter natively). */
export function activationKeyHandler(activate: () => void) {
  return (e: { key?: string; preventDefault?: () => void }) => {
    if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'Spacebar') return
    e.preventDefault?.()
    activate()
  }
}

/**
 * Anything the user taps: a real button (role, name, keyboard focus, Enter/Space) or, given `to`,
 * a real link. The one place that gives tappable things their semantics; platform differences
 * (H5 DOM attributes and <a>, weapp aria-role/aria-label) live in platform/a11y.
 */
export default function Tappable({ className, label, role = 'button', to, onTap, selected, current, disabled, hoverClass, data = {}, children }: TappableProps) {
  if (to) {
    const open = onTap ?? (() => navigation.go(to.route, to.params ?? {}))
    return (
      <LinkElement href={specUrl(to.route, to.params ?? {})} className={className} label={label} current={current} onActivate={current ? () => undefined : open} data={data}>
        {children}
      </LinkElement>
    )
  }
  const activate = () => { if (!disabled) onTap?.() }
  const stateAttr = STATE_ATTR[role]
  const state: Record<string, string | undefined> = {
    ...(stateAttr && selected !== undefined ? { [stateAttr]: String(selected) } : {}),
    ...(disabled ? { disabled: 'true' } : {})
  }
  const dataAttrs = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]))
  return (
    <View
      className={className}
      hoverClass={hoverClass}
      {...controlProps(role, label, state)}
      {...dataAttrs}
      {...{ onKeyDown: activationKeyHandler(activate) }}
      onClick={activate}
    >
      {children}
    </View>
  )
}
