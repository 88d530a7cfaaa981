import type { ReactNode } from 'react'
import { Box, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'

/** A record's facts as a description list: each label (a message key) beside its value. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  const translate = useTranslate()
  return (
    <Box
      component='dl'
      sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component='dt' variant='body2' color='text.secondary'>
            {translate(label)}
          </Typography>
          <Typography component='dd' variant='body2' sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}
