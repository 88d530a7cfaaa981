import { Box, Typography } from '@mui/material'
import { NumberInput, TextInput, useTranslate, type TextInputProps } from 'react-admin'
import { useWatch } from 'react-hook-form'
import { COUNTRY_UTC_OFFSET_MINUTES, countryClockFixed, countryOf } from '../../../../../types/country-clock'

/** a form's row of two fields side by side (stacked on a narrow screen); `columns` for another count */
export const FORM_ROW = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
  columnGap: 2,
  width: '100%',
}
export const formRow = (columns: number) => ({
  ...FORM_ROW,
  gridTemplateColumns: { xs: '1fr', md: Array(columns).fill('1fr').join(' ') },
})

/** '+08:00' for China, '+05:30' for India */
export function countryOffset(country: string | null | undefined): string {
  const m = COUNTRY_UTC_OFFSET_MINUTES[countryOf(country)]
  return `+${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** an instant → the country's wall clock as a datetime-local input shows it ('2026-11-28T10:00') */
export const toCountryLocal = (
  at: string | null | undefined,
  country: string | null | undefined,
  seconds = false,
): string => (at ? countryClockFixed(at, country).format(seconds ? 'YYYY-MM-DDTHH:mm:ss' : 'YYYY-MM-DDTHH:mm') : '')

/** the wall clock typed in the country → the ISO instant with its offset the staff API takes */
export const fromCountryLocal = (local: string, country: string | null | undefined): string | null =>
  local ? `${local.length === 16 ? `${local}:00` : local}${countryOffset(country)}` : null

/**
 * A date and time entered on the country's clock (China time for cn and for content without a country, India time
 * for in), sent as an ISO instant with the country's offset (2026-11-28T10:00:00+08:00). `countryField` names the
 * form's country field where the record has one; otherwise `country` (default China). `seconds`: to the second (a
 * flash sale's start), else to the minute.
 */
export function CountryDateTimeInput({
  countryField,
  country,
  helperText,
  seconds,
  ...props
}: TextInputProps & { countryField?: string; country?: string; seconds?: boolean }) {
  const translate = useTranslate()
  const watched = useWatch({ name: countryField ?? '__none__' }) as string | undefined
  const c = countryOf(countryField ? watched : country)
  const zone = translate(c === 'in' ? 'admin.marketing.zone.in' : 'admin.marketing.zone.cn')
  return (
    <TextInput
      {...props}
      type='datetime-local'
      format={(v: string | null | undefined) => toCountryLocal(v, c, seconds)}
      parse={(v: string) => fromCountryLocal(v, c)}
      helperText={helperText ? `${zone}. ${translate(helperText as string, { _: helperText as string })}` : zone}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: seconds ? { step: 1 } : undefined }}
    />
  )
}

/** A text buyers read in both languages: `source`.en and `source`.zh side by side (stacked on a narrow screen). */
export function BilingualInput({
  source,
  label,
  multiline,
  required,
  helperText,
}: {
  source: string
  label: string
  multiline?: boolean
  required?: boolean
  helperText?: string
}) {
  const translate = useTranslate()
  const name = translate(label)
  return (
    <Box sx={FORM_ROW}>
      <TextInput
        source={`${source}.en`}
        label={translate('admin.marketing.inEnglish', { name })}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        required={required}
        helperText={helperText ?? false}
        fullWidth
      />
      <TextInput
        source={`${source}.zh`}
        label={translate('admin.marketing.inChinese', { name })}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        required={required}
        helperText={helperText ?? false}
        fullWidth
      />
    </Box>
  )
}

/** catalogue numbers typed one per line or separated by commas → the array the staff API takes */
export const parseList = (v: string | null | undefined): string[] =>
  String(v ?? '')
    .split(/[\s,，;；]+/)
    .map((s) => s.trim())
    .filter(Boolean)

/** A list of catalogue numbers as one text field (an array in the form's values). */
export function CatalogNumbersInput({
  source,
  label,
  helperText,
}: {
  source: string
  label: string
  helperText?: string
}) {
  return (
    <TextInput
      source={source}
      label={label}
      helperText={helperText}
      multiline
      minRows={2}
      fullWidth
      format={(v: string[] | string | null | undefined) => (Array.isArray(v) ? v.join(', ') : (v ?? ''))}
      parse={(v: string) => v}
    />
  )
}

/** a small heading inside a form */
export function FormHeading({ children }: { children: string }) {
  return (
    <Typography component='h2' variant='subtitle1' sx={{ mt: 2, fontWeight: 600 }}>
      {children}
    </Typography>
  )
}

/** the storefront's order among the items shown together (smallest first) */
export function SortOrderInput({ label }: { label: string }) {
  const translate = useTranslate()
  return (
    <NumberInput
      source='sortOrder'
      label={label}
      min={0}
      step={1}
      helperText={translate('admin.marketing.sortOrderHelp')}
    />
  )
}
