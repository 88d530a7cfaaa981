/**
 * Focus inside an open modal dialog on H5 (platform/a11y useDialogFocus loads this with the first
 * dialog): focus moves in (the first control that is not a text field, else the dialog itself), Tab
 * and Shift+Tab cycle inside, Escape closes, and on release focus goes back to the opener.
 */
/** what Tab can reach inside a dialog */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'
/** a text field: focusing one first would open the phone's keyboard over the dialog */
const TEXT_ENTRY = 'input, textarea, select'

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => {
    if (el.closest('[aria-hidden="true"]')) return false
    // shown (a browser; jsdom has no layout and no checkVisibility)
    const check = (el as HTMLElement & { checkVisibility?: () => boolean }).checkVisibility
    return typeof check !== 'function' || check.call(el)
  })
}

/** the open dialogs, innermost last: only the innermost one answers keys */
const openDialogs: string[] = []

/**
 * Hold focus in the dialog whose root has the id `id` until the returned release is called (the
 * dialog closed): then focus goes back to `opener`, unless the user has already put it somewhere else.
 */
export function holdFocus(id: string, opener: HTMLElement | null, onClose: () => void): () => void {
  const root = () => document.getElementById(id)
  openDialogs.push(id)
  const moveIn = () => {
    const el = root()
    if (!el) return
    const first = focusables(el).find((c) => !c.matches(TEXT_ENTRY))
    if (first) first.focus()
    else {
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
      el.focus()
    }
  }
  moveIn()
  // a control that is re-attached while it renders (a web component placing its children) loses focus:
  // once it has, on the next frame, move in again (focus the user moved on purpose stays)
  const frame = requestAnimationFrame(() => {
    const now = document.activeElement
    if (!now || now === document.body) moveIn()
  })
  const onKey = (e: KeyboardEvent) => {
    if (openDialogs[openDialogs.length - 1] !== id) return
    const dialog = root()
    if (!dialog) return
    if (e.key === 'Escape' || e.key === 'Esc') {
      e.preventDefault()
      e.stopPropagation()
      onClose()
      return
    }
    if (e.key !== 'Tab') return
    const list = focusables(dialog)
    const active = document.activeElement
    const inside = active instanceof Node && dialog.contains(active)
    if (list.length === 0) {
      e.preventDefault()
      dialog.focus()
      return
    }
    const first = list[0]
    const last = list[list.length - 1]
    // the focused control or the control it lives in (Taro's inputs wrap a native one)
    const at = (c: HTMLElement) => active === c || (active instanceof Node && c.contains(active))
    if (e.shiftKey ? !inside || at(first) || active === dialog : !inside || at(last)) {
      e.preventDefault()
      ;(e.shiftKey ? last : first).focus()
    }
  }
  document.addEventListener('keydown', onKey, true)
  return () => {
    cancelAnimationFrame(frame)
    document.removeEventListener('keydown', onKey, true)
    const i = openDialogs.lastIndexOf(id)
    if (i >= 0) openDialogs.splice(i, 1)
    // give focus back, unless it has already gone somewhere else on purpose (still on the page)
    const now = document.activeElement
    const lost = !now || now === document.body || !document.contains(now) || (root()?.contains(now) ?? false)
    if (opener && opener.isConnected && lost) opener.focus()
  }
}
