import type { ReactNode } from 'react'
import { View } from '@tarojs/components'

/**
 * Accessibility in the mini-program: WeChat reads `aria-role` / `aria-label` (Taro props ariaRole,
 * ariaLabel); there is no keyboard and no <a>. The H5 variant is in a11y.h5.tsx.
 */

export function controlProps(role: string, label: string | undefined, _state: Record<string, string | undefined> = {}) {
  return label ? { ariaRole: role, ariaLabel: label } : { ariaRole: role }
}

export function ariaProps(role: string | undefined, aria: Record<string, string | undefined> = {}) {
  return { ...(role ? { ariaRole: role } : {}), ...(aria.label ? { ariaLabel: aria.label } : {}) }
}

// (opts.priority is an H5 fetch hint; the mini-program has none)
export const imageProps = (alt: string, _opts: { priority?: boolean } = {}) => (alt ? { ariaLabel: alt } : {})

export const fieldLabelProps = (label: string) => ({ ariaLabel: label })

export const hiddenProps = () => ({})

/**
 * A modal dialog's focus (H5: focus in, Tab kept inside, Escape closes, focus back to the opener).
 * The mini-program has no keyboard focus to manage: nothing to do, no props.
 */
export function useDialogFocus(_onClose: (() => void) | undefined): Record<string, string> {
  return {}
}

export interface LinkElementProps {
  href: string
  className?: string
  label?: string
  current?: boolean
  onActivate: () => void
  children?: ReactNode
  data?: Record<string, string>
  /** the pressed look (mini-program; the H5 link shows the browser's own) */
  hoverClass?: string
}

/** A link in the mini-program: a view read as a link that opens the page. */
export function LinkElement({ className, label, onActivate, children, data = {}, hoverClass }: LinkElementProps) {
  const dataAttrs = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]))
  return (
    <View
      className={`a11y-link${className ? ` ${className}` : ''}`}
      hoverClass={hoverClass}
      ariaRole='link'
      ariaLabel={label}
      onClick={onActivate}
      {...dataAttrs}
    >
      {children}
    </View>
  )
}
