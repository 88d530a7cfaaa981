import { TextInput, type TextInputProps } from 'react-admin'

/**
 * Marketing enters schedules in China time (Asia/Shanghai: UTC+8 all year, no daylight saving) and the API takes ISO
 * instants: a `datetime-local` field shows an instant on China's clock and sends what is typed as `…+08:00`.
 */
const CHINA_OFFSET_MS = 8 * 3600_000

/** an ISO instant → 'YYYY-MM-DDTHH:mm' on China's clock ('' for none) */
export function chinaLocal(iso: string | null | undefined): string {
  if (!iso) return ''
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return ''
  return new Date(t + CHINA_OFFSET_MS).toISOString().slice(0, 16)
}

/** 'YYYY-MM-DDTHH:mm' typed in China time → an ISO instant with its offset (null for none) */
export function chinaInstant(local: string | null | undefined): string | null {
  if (!local) return null
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(local)
  return m ? `${m[1]}T${m[2]}:00+08:00` : null
}

/** A date and time field in China time; the form value stays an ISO instant (or null). */
export function ChinaDateTimeInput(props: Omit<TextInputProps, 'format' | 'parse' | 'type'>) {
  return (
    <TextInput
      {...props}
      type='datetime-local'
      format={(v: string | null | undefined) => chinaLocal(v)}
      parse={(v: string) => chinaInstant(v)}
      InputLabelProps={{ shrink: true }}
    />
  )
}
