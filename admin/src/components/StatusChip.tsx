import { Chip, Stack } from '@mui/material'
import { useTranslate } from 'react-admin'

/**
 * A small status chip whose words carry the meaning (the colour only repeats it), in colours that keep AA contrast
 * on white (MUI's outlined warning and success texts do not).
 */
const TONES = {
  ok: { color: '#1b5e20', borderColor: '#2e7d32' },
  warn: { color: '#7a3e00', borderColor: '#ed6c02' },
  bad: { color: '#ffffff', borderColor: '#b71c1c', bgcolor: '#b71c1c' },
  plain: { color: 'text.primary', borderColor: 'grey.500' },
} as const

export type Tone = keyof typeof TONES

export function StatusChip({ tone, label }: { tone: Tone; label: string }) {
  return <Chip size='small' variant='outlined' label={label} sx={{ ...TONES[tone], fontWeight: 500 }} />
}

/** A queue row's status in words, with an "Overdue" chip when its follow-up time has passed. */
export function StatusWithOverdue({ text, overdue }: { text: string; overdue: boolean }) {
  const translate = useTranslate()
  return (
    <Stack direction='row' spacing={1} alignItems='center'>
      <span>{text}</span>
      {overdue && <StatusChip tone='bad' label={translate('admin.common.overdue')} />}
    </Stack>
  )
}
