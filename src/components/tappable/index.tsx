import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import { specUrl, type RouteName } from '../../../types/routes'
import { navigation } from '../../platform/navigation'
import { controlProps, LinkElement } from '../../platform/a11y'

type Params = Record<string, string | number | undefined | null>

/** what a tap handler may do with its event (tap or key press): keep it from reaching an outer control */
export interface TapEvent {
  stopPropagation?: () => void
}

export type ControlRole = 'button' | 'tab' | 'checkbox' | 'radio' | 'switch' | 'menuitem' | 'option'

export interface ControlOptions {
  /** the accessible name, when the visible text is not enough (an icon, a picture, a bare "×") */
  label?: string
  role?: ControlRole
  /** selected tab/option, checked checkbox/radio/switch, pressed toggle button */
  selected?: boolean
  disabled?: boolean
}

const STATE_ATTR: Partial<Record<ControlRole, string>> = {
  tab: 'selected',
  option: 'selected',
  checkbox: 'checked',
  radio: 'checked',
  switch: 'checked',
  button: 'pressed',
}

/** The address a link shows: the spec path, without the empty segments of parameters not given (/categories, not /categories//). */
export const linkHref = (route: RouteName, params: Params = {}) => {
  const [path, query] = specUrl(route, params).split('?')
  const clean = path.replace(/\/+$/, '') || '/'
  return query ? `${clean}?${query}` : clean
}

/** Enter and Space activate a control, as they do a native button. */
export function activationKeyHandler(activate: (e: TapEvent) => void) {
  return (e: TapEvent & { key?: string; preventDefault?: () => void }) => {
    if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'Spacebar') return
    e.preventDefault?.()
    activate(e)
  }
}

/**
 * The props that make a Taro element (View, Button, Text) a real control: role, name, state, Tab
 * focus and Enter/Space on H5; aria-role/aria-label in the mini-program. Spread them on the element
 * and pass the tap handler here, not as onClick (and `disabled` in the options, not on the element).
 */
export function tapProps(
  onTap: ((e: TapEvent) => void) | undefined,
  { label, role = 'button', selected, disabled }: ControlOptions = {},
) {
  const activate = (e: TapEvent) => {
    if (!disabled) onTap?.(e)
  }
  const stateAttr = STATE_ATTR[role]
  const state: Record<string, string | undefined> = {
    ...(stateAttr && selected !== undefined ? { [stateAttr]: String(selected) } : {}),
    ...(disabled ? { disabled: 'true' } : {}),
  }
  // `disabled` only when true: Taro's H5 Button renders disabled={false} as a [disabled] attribute (faded text)
  return {
    ...controlProps(role, label, state),
    ...(disabled ? { disabled: true } : {}),
    onClick: activate,
    onKeyDown: activationKeyHandler(activate),
  }
}

export interface TappableProps extends ControlOptions {
  className?: string
  /** a link to a page of the app: an <a href> with the spec address on H5, read as a link */
  to?: { route: RouteName; params?: Params }
  /** what a tap does; with `to`, it replaces the plain navigation (e.g. close a popup, then go) */
  onTap?: (e: TapEvent) => void
  /** the current page among links (the active footer tab): read as such, a tap does nothing */
  current?: boolean
  hoverClass?: string
  /** data-* attributes (e.g. { 'catalog-number': 'MA1-10175' }) */
  data?: Record<string, string>
  children?: ReactNode
}

/**
 * Anything the user taps: a real button, or given `to`, a real link. The one place that gives
 * tappable things their semantics; platform differences (H5 attributes and <a>, the weapp's
 * aria-role/aria-label) live in platform/a11y.
 */
export default function Tappable({
  className,
  to,
  onTap,
  current,
  hoverClass,
  data = {},
  children,
  ...control
}: TappableProps) {
  if (to) {
    const open = () => (onTap ? onTap({}) : navigation.go(to.route, to.params ?? {}))
    return (
      <LinkElement
        href={linkHref(to.route, to.params ?? {})}
        className={className}
        label={control.label}
        current={current}
        onActivate={current ? () => undefined : open}
        data={data}
        hoverClass={hoverClass}
      >
        {children}
      </LinkElement>
    )
  }
  const dataAttrs = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]))
  return (
    <View className={className} hoverClass={hoverClass} {...tapProps(onTap, control)} {...dataAttrs}>
      {children}
    </View>
  )
}
