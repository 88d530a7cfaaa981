/**
 * A form field's accessible name as a screen reader computes it from the page (accname 1.2, the part
 * our fields use): aria-labelledby (the text of the elements named), else aria-label, else a
 * <label for=id> or an enclosing <label>. The placeholder is deliberately not counted: a field named
 * only by its placeholder loses its name as soon as the user types (issue 22 item 23).
 */
export function fieldName(field: Element): string {
  const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()
  const by = field.getAttribute('aria-labelledby')
  if (by)
    return clean(
      by
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    )
  const label = field.getAttribute('aria-label')
  if (label) return clean(label)
  const id = field.getAttribute('id')
  const forLabel = id ? Array.from(document.querySelectorAll('label')).find((l) => l.getAttribute('for') === id) : null
  if (forLabel) return clean(forLabel.textContent)
  return clean(field.closest('label')?.textContent)
}

/** the native text fields (input, textarea) under `root` */
export const textFields = (root: ParentNode = document) =>
  Array.from(
    root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea',
    ),
  )

/** getByLabelText: the one text field whose accessible name is `name` */
export function fieldByName(name: string, root: ParentNode = document) {
  const found = textFields(root).filter((f) => fieldName(f) === name)
  if (found.length !== 1)
    throw new Error(
      `${found.length} fields named "${name}"; names: ${textFields(root)
        .map((f) => `"${fieldName(f)}"`)
        .join(', ')}`,
    )
  return found[0]
}
