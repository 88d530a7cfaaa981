import type { ReactNode } from 'react'
import { View, Text, Input, Textarea } from '@tarojs/components'
import FieldLabel, { useFieldId } from '../field-label'
import { ariaProps } from '../../platform/a11y'
import { labelledFieldProps } from '../../platform/labels'

export interface FormFieldProps {
  /**
   * the field's BEM block: the parts are `${block}__label`, `__input`, `__error` ..., styled by the
   * `form-field` mixin of styles/mixins.scss under the screen's own block
   */
  block: string
  /** `${block}--${name}` on the field (what tests and styles pick one field by), and the field's id */
  name: string
  /** the visible label, which names the field (tied to it on H5 and in the mini-program) */
  label: string
  /** the word shown after the label of a field that may stay empty ("optional"), in brackets */
  optional?: string
  /** beside the label, at the right (e.g. "3/50") */
  counter?: string
  /** a line under the label */
  hint?: string
  /** the field's problem, under it (read out when it appears) */
  error?: string | null | false
  /** a multi-line text field */
  multiline?: boolean
  /** more classes on the input itself */
  inputClassName?: string
  value?: string
  maxlength?: number
  placeholder?: string
  type?: 'text' | 'number'
  onInput?: (value: string) => void
  onConfirm?: () => void
  /**
   * in place of the one input, a group of controls (each named on its own, e.g. several e-mail
   * addresses): the label is then the group's heading line, not tied to one field
   */
  children?: ReactNode
}

/**
 * A labelled form field (WCAG 1.3.1, 3.3.2, 4.1.2): the label the user reads above the field names it
 * (not the placeholder, which goes once typing starts), and a tap on it puts the caret in the field;
 * the field's problem shows under it. The one field of the buying and membership forms.
 */
export default function FormField(props: FormFieldProps) {
  const { block, name, label, optional, counter, hint, error, multiline, inputClassName, children } = props
  const id = useFieldId(name)
  const labelText = (
    <>
      {label}
      {optional && <Text className={`${block}__optional`}> ({optional})</Text>}
    </>
  )
  const labelElement =
    children === undefined ? (
      <FieldLabel className={`${block}__label`} fieldId={id}>
        {labelText}
      </FieldLabel>
    ) : (
      <Text className={`${block}__label`}>{labelText}</Text>
    )
  const inputClass = `${block}__input${multiline ? ` ${block}__textarea` : ''}${inputClassName ? ` ${inputClassName}` : ''}`
  const onInput = (e: { detail: { value: string } }) => props.onInput?.(e.detail.value)
  const common = {
    className: inputClass,
    value: props.value,
    maxlength: props.maxlength,
    placeholder: props.placeholder,
    onInput,
  }
  return (
    <View className={`${block} ${block}--${name}${error ? ` ${block}--invalid` : ''}`}>
      {counter ? (
        <View className={`${block}__head`}>
          {labelElement}
          <Text className={`${block}__counter`}>{counter}</Text>
        </View>
      ) : (
        labelElement
      )}
      {hint && <Text className={`${block}__hint`}>{hint}</Text>}
      {children ??
        (multiline ? (
          <Textarea {...common} {...labelledFieldProps(id, label, { multiline: true })} />
        ) : (
          <Input
            {...common}
            type={props.type ?? 'text'}
            {...labelledFieldProps(id, label)}
            onConfirm={props.onConfirm}
          />
        ))}
      {error && (
        <Text className={`${block}__error`} {...ariaProps('alert')}>
          {error}
        </Text>
      )}
    </View>
  )
}
