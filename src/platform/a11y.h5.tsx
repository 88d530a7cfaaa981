import { useEffect, useId, useRef } from 'react'
// type-only (erased): the props are declared once, in the neutral adapter
import type { LinkElementProps } from './a11y'
import './a11y.h5.scss'

/**
 * Accessibility on H5: Taro renders View/Image as custom elements (taro-view-core, taro-image-core)
 * that carry string props through as DOM attributes, so ARIA goes on the element as is and
 * `tabindex` makes it reachable by Tab. The mini-program's variant is in a11y.tsx.
 */

/** role, name and keyboard focus for a tappable element */
export function controlProps(role: string, label: string | undefined, state: Record<string, string | undefined> = {}) {
  const out: Record<string, string> = { role, tabindex: '0' }
  if (label) out['aria-label'] = label
  for (const [k, v] of Object.entries(state)) if (v !== undefined) out[`aria-${k}`] = v
  return out
}

/** ARIA on a non-interactive element (a dialog, a live region, a list): attributes as given */
export function ariaProps(role: string | undefined, aria: Record<string, string | undefined> = {}) {
  const out: Record<string, string> = role ? { role } : {}
  for (const [k, v] of Object.entries(aria)) if (v !== undefined) out[`aria-${k}`] = v
  return out
}

/**
 * An image's text alternative: on the <img> itself; '' marks a decorative picture (skipped by readers).
 * `priority`: the picture is the first screen's largest (LCP), fetched before other images.
 * Taro's React Image (the H5 build, config h5.useHtmlComponents) passes imgProps to its <img>; the web
 * component (still the one of the jsdom tests) takes nativeProps.
 */
export const imageProps = (alt: string, opts: { priority?: boolean } = {}) => {
  const img = opts.priority ? { alt, fetchpriority: 'high', loading: 'eager' } : { alt }
  return { imgProps: img, nativeProps: img }
}

/**
 * The name of a form control: on the <input> itself. Taro's React Input (the H5 build) passes its
 * other props to its <input>; the web components (Switch, Textarea, and every control in the jsdom
 * tests) take nativeProps for their inner input.
 */
export const fieldLabelProps = (label: string) => ({ 'aria-label': label, nativeProps: { 'aria-label': label } })

/** hidden from assistive technology (decorative icons, the duplicate text of a labelled control) */
export const hiddenProps = () => ({ 'aria-hidden': 'true' })

/**
 * A real link: <a href> with the spec address (open in a new tab, copy the address, read as a link).
 * A plain click stays in the app (its router, its tracking parameters).
 */
export function LinkElement({ href, className, label, current, onActivate, children, data = {} }: LinkElementProps) {
  // a native listener, like Taro's own elements: a Taro ancestor that stops the click's propagation
  // (a popup card) would otherwise keep it from React's root listener, and the browser would load the page
  const ref = useRef<HTMLAnchorElement>(null)
  const activate = useRef(onActivate)
  activate.current = onActivate
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
      e.preventDefault()
      activate.current()
    }
    el.addEventListener('click', onClick)
    return () => el.removeEventListener('click', onClick)
  }, [])
  const dataAttrs = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, v]))
  return (
    <a
      href={href}
      className={`a11y-link${className ? ` ${className}` : ''}`}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      ref={ref}
      {...dataAttrs}
    >
      {children}
    </a>
  )
}

/**
 * A modal dialog's focus on H5 (WAI-ARIA dialog pattern; WCAG 2.1.2, 2.4.3): while the dialog is
 * mounted, focus moves into it, Tab and Shift+Tab cycle inside it, Escape calls onClose, and on close
 * focus goes back to the element that had it before (the opener). Spread the returned props on the
 * dialog's root element. The work is in dialog-focus.ts, loaded with the first dialog (no page's first
 * load carries it). The mini-program has no keyboard focus: its variant (a11y.tsx) does nothing.
 */
export function useDialogFocus(onClose: (() => void) | undefined): Record<string, string> {
  const id = `dialog${useId().replace(/:/g, '-')}`
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => {
    // the opener is the element focused as the dialog appears (before anything inside is focused)
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    let release: (() => void) | null = null
    let closed = false
    void import(/* webpackChunkName: "dialog-focus" */ './dialog-focus').then((m) => {
      if (!closed) release = m.holdFocus(id, opener, () => close.current?.())
    })
    return () => {
      closed = true
      release?.()
    }
  }, [id])
  return { id }
}
