import { useId, type ReactNode } from 'react'
import { Label } from '@tarojs/components'
import { labelProps } from '../../platform/labels'
import './index.scss'

/**
 * A form field's visible label, tied to the field (issue 22 item 23; WCAG 1.3.1, 3.3.2, 4.1.2): the
 * field is named by what the user reads above it, not by its placeholder (which goes when typing
 * starts). Give the field `labelledFieldProps(fieldId, label)` from platform/a11y with the same id.
 */
export default function FieldLabel({
  fieldId,
  className,
  children,
}: {
  fieldId: string
  className?: string
  children?: ReactNode
}) {
  return (
    <Label className={`field-label${className ? ` ${className}` : ''}`} {...labelProps(fieldId)}>
      {children}
    </Label>
  )
}

/** An id for a field of this form, unique on the page (pages stay mounted under the one on screen). */
export function useFieldId(name: string) {
  return `f${useId().replace(/[^a-zA-Z0-9]/g, '')}-${name}`
}
