// type-only (erased): the props are declared once, in the neutral adapter
import type { LabelledFieldProps } from './labels'

/**
 * Visible labels tied to their fields on H5 (issue 22 item 23). Apart from platform/a11y so that only
 * the pages with such forms carry it. The mini-program's variant is labels.ts.
 */

/** the id of the visible label of the field `fieldId` */
const labelId = (fieldId: string) => `${fieldId}-label`

/**
 * A visible label tied to its field (WCAG 1.3.1, 4.1.2): spread on Taro's Label. Its `for` names the
 * field (a tap on the label focuses it); its id is what the field's aria-labelledby points at.
 */
export const labelProps = (fieldId: string) => ({ for: fieldId, id: labelId(fieldId) })

/**
 * The field a visible label (labelProps) names. A one-line Input is a native <input> in the H5 build
 * (its props go on it) and a web component in the jsdom tests (nativeProps reach its inner input);
 * a Textarea is a web component: id and aria-labelledby go on its inner <textarea>. `_label` is the
 * mini-program's name (labels.ts).
 */
export function labelledFieldProps(
  fieldId: string,
  _label: string,
  opts: { multiline?: boolean } = {},
): LabelledFieldProps {
  const by = labelId(fieldId)
  return opts.multiline
    ? { nativeProps: { id: fieldId, 'aria-labelledby': by } }
    : { id: fieldId, 'aria-labelledby': by, nativeProps: { 'aria-labelledby': by } }
}
