import { useMemo, type ReactElement, type ReactNode } from 'react'
import { Box } from '@mui/material'
import {
  Create,
  CreateButton,
  Datagrid,
  Edit,
  EditButton,
  FunctionField,
  List,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField as RaTextField,
  Toolbar,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin'
import { RecordTitle } from '../../components/RecordTitle'
import { countryDateTime } from '../../format'
import { EndButton } from './EndButton'

/**
 * What gifts and draws share: both are scheduled by country, listed in the storefront's order, changed with every
 * field (PUT) and ended from now (final), with the End button in the list's rows and in the edit page's toolbar.
 */
export type Scheduled = {
  id: string | number
  nameEn: string
  nameZh: string
  country: string
  state: string
  startAt: string | null
  endAt: string | null
}

type Values = Record<string, unknown>

export const COUNTRY_CHOICES = [
  { id: 'cn', name: 'resources.gifts.countries.cn' },
  { id: 'in', name: 'resources.gifts.countries.in' },
]

const COUNTRY_FILTER = <SelectInput key='country' source='country' alwaysOn choices={COUNTRY_CHOICES} />
const NO_MORE_FILTERS: ReactElement[] = []

/** the form's layout: two halves, or cells of a row, wrapping on a narrow screen */
export const half = { sx: { flex: '1 1 260px', minWidth: 0 } }
export const cell = { sx: { flex: '1 1 160px', minWidth: 0 } }
export const row = { sx: { display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' } }

export function T({ k }: { k: string }) {
  const translate = useTranslate()
  return <>{translate(k)}</>
}

export function Window({ startAt, endAt, country }: { startAt: string | null; endAt: string | null; country: string }) {
  const translate = useTranslate()
  return (
    <Box component='span' sx={{ whiteSpace: 'nowrap' }}>
      {startAt ? countryDateTime(startAt, country) : translate('resources.gifts.openStart')}
      <br />
      {endAt ? `→ ${countryDateTime(endAt, country)}` : `→ ${translate('resources.gifts.openEnd')}`}
    </Box>
  )
}

/** How a resource ends its items: the state that means ended, the question (by name), the API call. */
export type Ending<R extends Scheduled> = {
  /** the messages' prefix: `${prefix}.state.*`, `.editOne`, `.endQuestion`, `.editTitle`, `.fields.actions` */
  prefix: string
  endedState: string
  onEnd: (item: R) => Promise<unknown>
}

/**
 * The list: the id, the name in the console's language and the country, then the resource's own `columns`, then
 * the state, the window and the row's actions (edit and End, while not ended).
 */
export function ScheduledList<R extends Scheduled>({
  filters = NO_MORE_FILTERS,
  columns,
  ...ending
}: Ending<R> & {
  /** filters after the country's */
  filters?: ReactElement[]
  columns: ReactNode
}) {
  const [locale] = useLocaleState()
  const { prefix } = ending
  const allFilters = useMemo(() => [COUNTRY_FILTER, ...filters], [filters])
  return (
    <List
      filters={allFilters}
      exporter={false}
      perPage={25}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <RaTextField source='id' sortable={false} sx={{ whiteSpace: 'nowrap' }} />
        <FunctionField<R> source='name' sortable={false} render={(r) => (locale === 'zh' ? r.nameZh : r.nameEn)} />
        <FunctionField<R>
          source='country'
          sortable={false}
          render={(r) => <T k={`resources.gifts.countries.${r.country}`} />}
        />
        {columns}
        <FunctionField<R> source='state' sortable={false} render={(r) => <T k={`${prefix}.state.${r.state}`} />} />
        <FunctionField<R>
          source='window'
          sortable={false}
          render={(r) => <Window startAt={r.startAt} endAt={r.endAt} country={r.country} />}
        />
        <FunctionField<R>
          source='actions'
          sortable={false}
          label={`${prefix}.fields.actions`}
          render={(r) => <RowActions item={r} {...ending} />}
        />
      </Datagrid>
    </List>
  )
}

function RowActions<R extends Scheduled>({ item, prefix, endedState, onEnd }: Ending<R> & { item: R }) {
  const translate = useTranslate()
  if (item.state === endedState) return null
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <EditButton record={item} aria-label={translate(`${prefix}.editOne`, { name: item.nameEn })} />
      <EndButton question={translate(`${prefix}.endQuestion`, { name: item.nameEn })} onConfirm={() => onEnd(item)} />
    </Box>
  )
}

/** A new item: POST, then back to the list. `toBody` makes exactly the body's fields (the schema is closed). */
export function ScheduledCreate({
  toBody,
  defaultValues,
  validate,
  maxWidth,
  children,
}: {
  toBody: (values: Values) => unknown
  defaultValues: Values
  validate: (values: Values) => Values
  maxWidth: number
  children: ReactNode
}) {
  return (
    <Create redirect='list' transform={(d: Values) => toBody(d)}>
      <SimpleForm defaultValues={defaultValues} validate={validate} sx={{ maxWidth }}>
        {children}
      </SimpleForm>
    </Create>
  )
}

/** An item's change: PUT with every field; Save and (while not ended) End in the toolbar. */
export function ScheduledEdit<R extends Scheduled>({
  toBody,
  validate,
  maxWidth,
  children,
  ...ending
}: Ending<R> & {
  toBody: (values: Values) => unknown
  validate: (values: Values) => Values
  maxWidth: number
  children: ReactNode
}) {
  return (
    <Edit
      mutationMode='pessimistic'
      redirect='list'
      title={<RecordTitle<R> message={`${ending.prefix}.editTitle`} values={(r) => ({ id: r?.id ?? '' })} />}
      transform={(d: Values) => toBody(d)}
    >
      <SimpleForm validate={validate} toolbar={<EndToolbar {...ending} />} sx={{ maxWidth }}>
        {children}
      </SimpleForm>
    </Edit>
  )
}

function EndToolbar<R extends Scheduled>({ prefix, endedState, onEnd }: Ending<R>) {
  const item = useRecordContext<R>()
  const translate = useTranslate()
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <SaveButton />
      {item && item.state !== endedState && (
        <EndButton
          variant='contained'
          question={translate(`${prefix}.endQuestion`, { name: item.nameEn })}
          onConfirm={() => onEnd(item)}
        />
      )}
    </Toolbar>
  )
}
