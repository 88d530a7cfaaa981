import { useId, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import {
  Datagrid,
  FunctionField,
  List,
  TextField as RaTextField,
  TopToolbar,
  useNotify,
  useRefresh,
  useTranslate,
  type HttpError,
} from 'react-admin'
import type { Static } from 'typebox'
import { ERP_SCOPES, type ErpScope } from '../../../../../types/platform/erp-scopes'
import type {
  CreatedIntegrationClientSchema,
  IntegrationClient,
} from '../../../../../types/staff/integration-endpoints'
import { adminCall } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'
import { countryDateTime } from '../../../format'

type Created = Static<typeof CreatedIntegrationClientSchema>

/**
 * The ERP's integration clients (GET /admin/integration-clients): create one (its secret is shown once, in a dialog
 * with a copy button) and revoke one (confirmed: its tokens are refused at once).
 */
export function IntegrationClients() {
  const translate = useTranslate()
  return (
    <List
      exporter={false}
      perPage={25}
      empty={false}
      actions={
        <TopToolbar>
          <NewClientButton />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <RaTextField source='name' sortable={false} />
        <FunctionField<IntegrationClient>
          source='clientId'
          sortable={false}
          render={(r) => <code style={{ overflowWrap: 'anywhere' }}>{r.clientId}</code>}
        />
        <FunctionField<IntegrationClient>
          source='scopes'
          sortable={false}
          render={(r) => r.scopes.map((s) => translate(`resources.integration-clients.scope.${s}`)).join(', ')}
        />
        <RaTextField source='createdBy' sortable={false} />
        <FunctionField<IntegrationClient>
          source='createdAt'
          sortable={false}
          render={(r) => countryDateTime(r.createdAt, 'cn')}
        />
        <FunctionField<IntegrationClient>
          source='revokedAt'
          sortable={false}
          render={(r) =>
            r.revokedAt
              ? translate('resources.integration-clients.revokedOn', { at: countryDateTime(r.revokedAt, 'cn') })
              : translate('resources.integration-clients.active')
          }
        />
        <FunctionField<IntegrationClient>
          source='actions'
          label=' '
          sortable={false}
          render={(r) =>
            r.revokedAt ? null : (
              <DecisionButton
                label={translate('resources.integration-clients.revoke')}
                color='error'
                variant='outlined'
                question={translate('resources.integration-clients.revokeQuestion', { name: r.name })}
                onConfirm={() => adminCall('integrationClientRevoke', { params: { clientId: r.clientId } })}
              />
            )
          }
        />
      </Datagrid>
    </List>
  )
}

function NewClientButton() {
  const translate = useTranslate()
  const refresh = useRefresh()
  const titleId = useId()
  const scopesLabel = useId()
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ErpScope[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<Created | null>(null)
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.integration-clients.${k}`, o)
  const close = () => {
    if (busy) return
    setOpen(false)
    setName('')
    setScopes([])
    setErrors({})
    setProblem(null)
  }
  const create = async () => {
    const local: Record<string, string> = {}
    if (!name.trim()) local.name = translate('ra.validation.required')
    if (!scopes.length) local.scopes = t('scopesRequired')
    setErrors(local)
    if (Object.keys(local).length) return
    setBusy(true)
    setProblem(null)
    try {
      const answer = await adminCall('integrationClientCreate', { body: { name: name.trim(), scopes } })
      setBusy(false)
      close()
      setCreated(answer)
      refresh()
    } catch (e) {
      const h = e as HttpError & { body?: { errors?: Record<string, string> } }
      const fields = (h.body?.errors ?? {}) as Record<string, string>
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^body\//, ''), v])))
      setProblem(h.message)
      setBusy(false)
    }
  }
  return (
    <>
      <Button startIcon={<AddIcon />} size='small' onClick={() => setOpen(true)}>
        {t('create')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth='sm'>
        <DialogTitle id={titleId}>{t('create')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label={t('fields.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!errors.name}
            helperText={errors.name ?? t('nameHelp')}
            required
            autoFocus
            inputProps={{ maxLength: 80 }}
          />
          <FormControl error={!!errors.scopes} component='fieldset'>
            <FormLabel id={scopesLabel} component='legend'>
              {t('fields.scopes')}
            </FormLabel>
            <FormGroup aria-labelledby={scopesLabel}>
              {ERP_SCOPES.map((s) => (
                <FormControlLabel
                  key={s}
                  control={
                    <Checkbox
                      checked={scopes.includes(s)}
                      onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                    />
                  }
                  label={`${t(`scope.${s}`)} (${s})`}
                />
              ))}
            </FormGroup>
            {errors.scopes && <FormHelperText>{errors.scopes}</FormHelperText>}
          </FormControl>
          {problem && (
            <Alert severity='error' role='alert'>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {translate('admin.common.cancel')}
          </Button>
          <Button onClick={create} disabled={busy} variant='contained'>
            {t('createConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </>
  )
}

/** The new client's secret, shown this once: copy it now. */
function SecretDialog({ created, onClose }: { created: Created | null; onClose: () => void }) {
  const translate = useTranslate()
  const notify = useNotify()
  const titleId = useId()
  const t = (k: string, o?: Record<string, unknown>) => translate(`resources.integration-clients.${k}`, o)
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      notify(t('copied'), { type: 'success' })
    } catch {
      notify(t('copyFailed'), { type: 'warning' })
    }
  }
  return (
    <Dialog open={!!created} aria-labelledby={titleId} fullWidth maxWidth='sm' disableEscapeKeyDown>
      <DialogTitle id={titleId}>{t('secretTitle', { name: created?.client.name ?? '' })}</DialogTitle>
      {created && (
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Alert severity='warning'>{t('secretOnce')}</Alert>
          {(
            [
              ['clientId', created.client.clientId],
              ['clientSecret', created.clientSecret],
              ['tokenUrl', created.tokenUrl],
            ] as const
          ).map(([k, v]) => (
            <Stack key={k} direction='row' spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant='body2' color='text.secondary'>
                  {t(`fields.${k}`)}
                </Typography>
                <Typography
                  component='code'
                  data-testid={`created-${k}`}
                  sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', display: 'block' }}
                >
                  {v}
                </Typography>
              </Box>
              <Button
                size='small'
                startIcon={<ContentCopyIcon />}
                onClick={() => copy(v)}
                aria-label={t('copyNamed', { name: t(`fields.${k}`) })}
              >
                {t('copy')}
              </Button>
            </Stack>
          ))}
          <DialogContentText variant='body2'>{t('secretHelp')}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} variant='contained'>
          {t('secretSaved')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
