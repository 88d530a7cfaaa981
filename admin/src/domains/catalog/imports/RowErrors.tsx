import { useState } from 'react'
import { Card, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow } from '@mui/material'
import { useTranslate } from 'react-admin'
import type { ImportRowError } from '../../../../../types/catalog/staff-endpoints'

/** An import's row errors (row as a spreadsheet numbers it, column, message), 25 a page. */
export function RowErrors({ errors }: { errors: ImportRowError[] }) {
  const translate = useTranslate()
  const [page, setPage] = useState(0)
  const size = 25
  const shown = errors.slice(page * size, page * size + size)
  return (
    <TableContainer component={Card} variant='outlined' sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size='small' aria-label={translate('resources.catalogue-imports.rowErrors')}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 80 }}>{translate('resources.catalogue-imports.fields.row')}</TableCell>
            <TableCell sx={{ width: 180 }}>{translate('resources.catalogue-imports.fields.column')}</TableCell>
            <TableCell>{translate('resources.catalogue-imports.fields.message')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((e, i) => (
            <TableRow key={`${e.row}-${e.column}-${i}`}>
              <TableCell>{e.row}</TableCell>
              <TableCell>{e.column ?? '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {errors.length > size && (
        <TablePagination
          component='div'
          count={errors.length}
          page={page}
          rowsPerPage={size}
          rowsPerPageOptions={[size]}
          onPageChange={(_, p) => setPage(p)}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} / ${count}`}
        />
      )}
    </TableContainer>
  )
}
