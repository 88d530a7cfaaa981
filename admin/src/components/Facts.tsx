import type { ReactNode } from 'react'
import { Box, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'

/** A fact's value as shown: empty values read "—". */
const shown = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value)

/** One label (a message key) and its value, inside `Facts`. */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  const translate = useTranslate()
  return (
    <>
      <Typography component='dt' variant='body2' color='text.secondary'>
        {translate(label)}
      </Typography>
      <Typography component='dd' variant='body2' sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {shown(value)}
      </Typography>
    </>
  )
}

/**
 * A record's facts as a description list, two columns: each label (a message key) beside its value, given as `rows`
 * and/or `Fact` children. `preWrap` keeps the line breaks of typed text (a buyer's remark, a thread's comment).
 */
export function Facts({
  rows = [],
  preWrap = false,
  children,
}: {
  rows?: [label: string, value: ReactNode][]
  preWrap?: boolean
  children?: ReactNode
}) {
  return (
    <Box
      component='dl'
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content minmax(0, 1fr)',
        columnGap: 3,
        rowGap: 0.5,
        m: 0,
        ...(preWrap ? { '& > dd': { whiteSpace: 'pre-wrap' } } : {}),
      }}
    >
      {rows.map(([label, value]) => (
        <Fact key={label} label={label} value={value} />
      ))}
      {children}
    </Box>
  )
}
