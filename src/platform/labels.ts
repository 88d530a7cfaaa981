/**
 * Visible labels tied to their fields in the mini-program (issue 22 item 23): Taro's Label `for` the
 * field's id, and the field's name for the screen reader. The H5 variant is labels.h5.ts.
 */

/** A visible label tied to its field: Taro's Label `for` the field's id (a tap on it focuses the field). */
export const labelProps = (fieldId: string): { for: string; id?: string } => ({ for: fieldId })

/** The field a visible label names: its id (the label's `for`), and its name read by the screen reader. */
export function labelledFieldProps(
  fieldId: string,
  label: string,
  _opts: { multiline?: boolean } = {},
): LabelledFieldProps {
  return { id: fieldId, ariaLabel: label }
}

/** what labelledFieldProps puts on a field (each platform a part of it) */
export interface LabelledFieldProps {
  id?: string
  ariaLabel?: string
  'aria-labelledby'?: string
  nativeProps?: Record<string, string>
}
