import { useState } from 'react'
import { Alert, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material'
import UploadFileIcon from '@mui/icons-material/UploadFile'
import { Title, useNotify, useTranslate, type HttpError } from 'react-admin'
import {
  DOCUMENT_MAX_FILE_BYTES,
  DOCUMENT_UPLOAD_TYPES,
  type DocumentUploadResult,
} from '../../../../../types/catalog/staff-endpoints'
import { adminCall } from '../../../api/client'
import { fileBase64 } from '../fileBase64'

type DocType = (typeof DOCUMENT_UPLOAD_TYPES)[number]

/**
 * A CoA, SDS or manual PDF for a catalogue number (POST /admin/catalogue/documents): a CoA needs the lot; an upload
 * replaces the document of the same product, type, lot and language. The server's field errors show beside fields.
 */
export function DocumentUpload() {
  const translate = useTranslate()
  const notify = useNotify()
  const [catalogNumber, setCatalogNumber] = useState('')
  const [docType, setDocType] = useState<DocType>('coa')
  const [lotNumber, setLotNumber] = useState('')
  const [language, setLanguage] = useState<'en' | 'zh'>('en')
  const [title, setTitle] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState<DocumentUploadResult | null>(null)
  const [busy, setBusy] = useState(false)
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.catalogue-documents.${k}`, o)

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setProblem(null)
    setDone(null)
    const local: Record<string, string> = {}
    if (!catalogNumber.trim()) local.catalogNumber = translate('ra.validation.required')
    if (docType === 'coa' && !lotNumber.trim()) local.lotNumber = t('lotRequired')
    if (!file) local.file = translate('ra.validation.required')
    else if (file.size > DOCUMENT_MAX_FILE_BYTES) local.file = t('tooBig')
    setErrors(local)
    if (Object.keys(local).length || !file) return
    setBusy(true)
    try {
      const result = await adminCall('catalogueDocumentUpload', {
        body: {
          catalogNumber: catalogNumber.trim(),
          docType,
          ...(docType === 'coa' ? { lotNumber: lotNumber.trim() } : {}),
          language,
          ...(title.trim() ? { title: title.trim() } : {}),
          fileName: file.name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/\.pdf$/i, '') + '.pdf',
          contentType: 'application/pdf',
          fileBase64: await fileBase64(file),
        },
      })
      setDone(result)
      notify(t(result.replaced ? 'replaced' : 'uploaded'), { type: 'success' })
    } catch (err) {
      const h = err as HttpError & { body?: { errors?: Record<string, string> } }
      const fields = (h.body?.errors ?? {}) as Record<string, string>
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^body\//, ''), v])))
      setProblem(h.message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={t('name')} />
      <CardContent component='form' noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <Typography component='h1' variant='h5'>
          {t('name')}
        </Typography>
        <Typography variant='body2' color='text.secondary'>
          {t('intro')}
        </Typography>
        <TextField
          label={t('fields.catalogNumber')}
          value={catalogNumber}
          onChange={(e) => setCatalogNumber(e.target.value)}
          error={!!errors.catalogNumber}
          helperText={errors.catalogNumber}
          required
          inputProps={{ maxLength: 40 }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('fields.docType')}
            value={docType}
            onChange={(e) => setDocType(e.target.value as DocType)}
            sx={{ minWidth: 300 }}
          >
            {DOCUMENT_UPLOAD_TYPES.map((d) => (
              <MenuItem key={d} value={d}>
                {t(`docType.${d}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('fields.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value as 'en' | 'zh')}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value='en'>English</MenuItem>
            <MenuItem value='zh' lang='zh'>
              中文
            </MenuItem>
          </TextField>
          {docType === 'coa' && (
            <TextField
              label={t('fields.lotNumber')}
              value={lotNumber}
              onChange={(e) => setLotNumber(e.target.value)}
              error={!!errors.lotNumber}
              helperText={errors.lotNumber}
              required
              inputProps={{ maxLength: 40 }}
            />
          )}
        </Stack>
        <TextField
          label={t('fields.title')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={!!errors.title}
          helperText={errors.title ?? t('titleHelp')}
          inputProps={{ maxLength: 200 }}
        />
        <Stack direction='row' spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component='label' variant='outlined' startIcon={<UploadFileIcon />}>
            {t('choosePdf')}
            <input
              type='file'
              hidden
              accept='application/pdf,.pdf'
              data-testid='document-file'
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant='body2' color={errors.file || errors.fileBase64 ? 'error' : undefined}>
            {file ? file.name : t('noFile')}
            {(errors.file || errors.fileBase64 || errors.fileName) &&
              ` — ${errors.file ?? errors.fileBase64 ?? errors.fileName}`}
          </Typography>
        </Stack>
        {problem && (
          <Alert severity='error' role='alert'>
            {problem}
          </Alert>
        )}
        {done && (
          <Alert severity='success'>
            {t(done.replaced ? 'replacedDetail' : 'uploadedDetail', {
              title: done.document.title,
              size: Math.ceil(done.size / 1024),
            })}
          </Alert>
        )}
        <div>
          <Button type='submit' variant='contained' disabled={busy}>
            {t('upload')}
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
