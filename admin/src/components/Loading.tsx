import { CircularProgress } from '@mui/material'
import { useTranslate } from 'react-admin'

/** A named spinner while a detail loads (axe: a progress bar needs a name). */
export function Loading() {
  const translate = useTranslate()
  return <CircularProgress size={24} aria-label={translate('ra.page.loading')} sx={{ m: 2 }} />
}
