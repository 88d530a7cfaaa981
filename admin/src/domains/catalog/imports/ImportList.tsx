import { Box, LinearProgress, Link, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router-dom'
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  Show,
  TextField as RaTextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { IMPORT_KINDS, type ImportDetail, type ImportRecord } from '../../../../../types/catalog/staff-endpoints'
import { countryDateTime } from '../../../format'
import { Facts } from '../../../components/Facts'
import { RowErrors } from './RowErrors'

/** The applied catalogue imports, newest first (GET /admin/catalogue/imports); a new one from the toolbar. */
export function ImportList() {
  const translate = useTranslate()
  const filters = [
    <SelectInput
      key='kind'
      source='kind'
      label='resources.catalogue-imports.fields.kind'
      choices={IMPORT_KINDS.map((k) => ({ id: k, name: translate(`resources.catalogue-imports.kind.${k}`) }))}
      emptyText={translate('resources.catalogue-imports.allKinds')}
      helperText={false}
      alwaysOn
      sx={{ minWidth: 220 }}
    />,
  ]
  return (
    <List
      filters={filters}
      exporter={false}
      perPage={25}
      empty={false}
      actions={
        <TopToolbar>
          <CreateButton label='resources.catalogue-imports.newImport' />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick='show'>
        <FunctionField<ImportRecord>
          source='id'
          sortable={false}
          render={(r) => (
            <Link component={RouterLink} to={`/catalogue-imports/${r.id}/show`} onClick={(e) => e.stopPropagation()}>
              {r.id}
            </Link>
          )}
        />
        <FunctionField<ImportRecord> source='at' sortable={false} render={(r) => countryDateTime(r.at, 'cn')} />
        <FunctionField<ImportRecord>
          source='kind'
          sortable={false}
          render={(r) => translate(`resources.catalogue-imports.kind.${r.kind}`)}
        />
        <FunctionField<ImportRecord> source='fileName' sortable={false} render={(r) => r.fileName ?? '—'} />
        <RaTextField source='staffId' sortable={false} />
        <RaTextField source='rows' sortable={false} textAlign='right' />
        <RaTextField source='created' sortable={false} textAlign='right' />
        <RaTextField source='updated' sortable={false} textAlign='right' />
        <RaTextField source='unchanged' sortable={false} textAlign='right' />
        <RaTextField source='errorCount' sortable={false} textAlign='right' />
      </Datagrid>
    </List>
  )
}

/** One applied import (GET /admin/catalogue/imports/:id) with its row errors. */
export function ImportShow() {
  return (
    <Show actions={false}>
      <ImportDetailView />
    </Show>
  )
}

function ImportDetailView() {
  const r = useRecordContext<ImportDetail>()
  const translate = useTranslate()
  // a record from the list (shown while the detail loads) has no row errors yet
  if (!r?.errors) return <LinearProgress aria-label={translate('ra.page.loading')} />
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography component='h1' variant='h5'>
        {translate('resources.catalogue-imports.recordTitle', { id: r.id })}
      </Typography>
      <Facts
        rows={[
          ['resources.catalogue-imports.fields.at', countryDateTime(r.at, 'cn')],
          ['resources.catalogue-imports.fields.kind', translate(`resources.catalogue-imports.kind.${r.kind}`)],
          ['resources.catalogue-imports.fields.fileName', `${r.fileName ?? '—'} (${r.format.toUpperCase()})`],
          ['resources.catalogue-imports.fields.fileSha256', <code>{r.fileSha256}</code>],
          ['resources.catalogue-imports.fields.staffId', r.staffId],
          ['resources.catalogue-imports.fields.rows', r.rows],
          ['resources.catalogue-imports.fields.created', r.created],
          ['resources.catalogue-imports.fields.updated', r.updated],
          ['resources.catalogue-imports.fields.unchanged', r.unchanged],
          ['resources.catalogue-imports.fields.errorCount', r.errorCount],
          ['resources.catalogue-imports.fields.durationMs', `${(r.durationMs / 1000).toFixed(1)} s`],
        ]}
      />
      <Typography component='h2' variant='h6'>
        {translate('resources.catalogue-imports.rowErrors')}
      </Typography>
      {r.errors.length ? (
        <RowErrors errors={r.errors} />
      ) : (
        <Typography variant='body2'>{translate('admin.common.none')}</Typography>
      )}
    </Box>
  )
}
