import { useId, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import { Link as RouterLink } from 'react-router-dom'
import { Title, useTranslate, type HttpError } from 'react-admin'
import {
  IMPORT_KINDS,
  IMPORT_MAX_FILE_BYTES,
  type ImportKind,
  type ImportResult,
} from '../../../../../types/catalog/staff-endpoints'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { fileBase64 } from '../fileBase64'
import { RowErrors } from './RowErrors'

interface Chosen {
  name: string
  format: 'csv' | 'xlsx'
  base64: string
}

/**
 * A catalogue import (POST /admin/catalogue/imports): choose the kind and a CSV or XLSX file, check it (the dry run
 * lists every row error here, nothing is written), then apply it (confirmed: the valid rows are written, the rows
 * with errors skipped). A changed file must be checked again before it can be applied.
 */
export function ImportCreate() {
  const translate = useTranslate()
  const kindLabel = useId()
  const [kind, setKind] = useState<ImportKind>('products')
  const [file, setFile] = useState<Chosen | null>(null)
  const [checked, setChecked] = useState<ImportResult | null>(null)
  const [applied, setApplied] = useState<ImportResult | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const reset = () => {
    setChecked(null)
    setApplied(null)
    setProblem(null)
  }
  const choose = async (f: File | undefined) => {
    reset()
    setFile(null)
    if (!f) return
    const format = /\.xlsx$/i.test(f.name) ? 'xlsx' : /\.csv$/i.test(f.name) ? 'csv' : null
    if (!format) return setProblem(translate('resources.catalogue-imports.notCsvOrXlsx'))
    if (f.size > IMPORT_MAX_FILE_BYTES) return setProblem(translate('resources.catalogue-imports.tooBig'))
    setFile({ name: f.name, format, base64: await fileBase64(f) })
  }
  const send = (dryRun: boolean) =>
    adminCall('catalogueImport', {
      body: { kind, format: file!.format, fileName: file!.name.slice(-200), fileBase64: file!.base64, dryRun },
    })
  const check = async () => {
    if (!file) return
    setBusy(true)
    reset()
    try {
      setChecked(await send(true))
    } catch (e) {
      setProblem((e as HttpError).message)
    } finally {
      setBusy(false)
    }
  }
  const result = applied ?? checked
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('resources.catalogue-imports.newImport')} />
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <Typography component='h1' variant='h5'>
          {translate('resources.catalogue-imports.newImport')}
        </Typography>
        <FormControl>
          <FormLabel id={kindLabel}>{translate('resources.catalogue-imports.fields.kind')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={kindLabel}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as ImportKind)
              reset()
            }}
          >
            {IMPORT_KINDS.map((k) => (
              <FormControlLabel
                key={k}
                value={k}
                control={<Radio />}
                label={translate(`resources.catalogue-imports.kind.${k}`)}
              />
            ))}
          </RadioGroup>
          <Typography variant='body2' color='text.secondary'>
            {translate(`resources.catalogue-imports.columns.${kind}`)}
          </Typography>
        </FormControl>
        <Stack direction='row' spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button component='label' variant='outlined' startIcon={<UploadFileIcon />}>
            {translate('resources.catalogue-imports.chooseFile')}
            <input
              type='file'
              hidden
              accept='.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
              data-testid='import-file'
              onChange={(e) => {
                void choose(e.target.files?.[0])
                e.target.value = ''
              }}
            />
          </Button>
          <Typography variant='body2' aria-live='polite'>
            {file ? file.name : translate('resources.catalogue-imports.noFile')}
          </Typography>
          <Button variant='contained' disabled={!file || busy} onClick={check}>
            {translate('resources.catalogue-imports.dryRun')}
          </Button>
          <DecisionButton
            label={translate('resources.catalogue-imports.apply')}
            disabled={!file || !checked || !!applied || busy || checked.valid === 0}
            question={
              checked
                ? translate('resources.catalogue-imports.applyQuestion', {
                    valid: checked.valid,
                    errors: checked.errors.length,
                    created: checked.created,
                    updated: checked.updated,
                  })
                : ''
            }
            done={translate('resources.catalogue-imports.appliedNotice')}
            onConfirm={async () => setApplied(await send(false))}
          />
        </Stack>
        {problem && (
          <Alert severity='error' role='alert'>
            {problem}
          </Alert>
        )}
        {result && (
          <Box component='section' sx={{ display: 'grid', gap: 2 }} aria-live='polite'>
            <Typography component='h2' variant='h6'>
              {translate(
                applied ? 'resources.catalogue-imports.appliedTitle' : 'resources.catalogue-imports.dryRunTitle',
              )}
            </Typography>
            <Alert severity={result.errors.length ? 'warning' : 'success'}>
              {translate(
                applied ? 'resources.catalogue-imports.appliedSummary' : 'resources.catalogue-imports.dryRunSummary',
                {
                  rows: result.rows,
                  valid: result.valid,
                  errors: result.errors.length,
                  created: result.created,
                  updated: result.updated,
                  unchanged: result.unchanged,
                },
              )}
            </Alert>
            {applied?.importId && (
              <Link component={RouterLink} to={`/catalogue-imports/${applied.importId}/show`}>
                {translate('resources.catalogue-imports.seeRecord', { id: applied.importId })}
              </Link>
            )}
            {result.errors.length > 0 && <RowErrors errors={result.errors} />}
          </Box>
        )}
      </CardContent>
    </Card>
  )
}
