import { Tab, Tabs } from '@mui/material'
import { useGetList, useListContext, useTranslate } from 'react-admin'

/**
 * A queue's status tabs with their counts (each count is the server's total for that status, one small request
 * each): choosing a tab sets the list's `status` filter.
 */
export function StatusTabs({ statuses, labelPrefix }: { statuses: readonly string[]; labelPrefix: string }) {
  const translate = useTranslate()
  const { filterValues, setFilters, displayedFilters, resource } = useListContext()
  const current = (filterValues.status as string | undefined) ?? statuses[0]
  return (
    <Tabs
      value={current}
      onChange={(_, v: string) => setFilters({ ...filterValues, status: v }, displayedFilters)}
      aria-label={translate('admin.common.status')}
      variant='scrollable'
      scrollButtons='auto'
      sx={{ px: 2 }}
    >
      {statuses.map((s) => (
        <Tab
          key={s}
          value={s}
          label={<TabLabel resource={resource} status={s} text={translate(`${labelPrefix}.${s}`)} />}
        />
      ))}
    </Tabs>
  )
}

function TabLabel({ resource, status, text }: { resource: string; status: string; text: string }) {
  const { total } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, filter: { status } })
  return (
    <span>
      {text}
      {total !== undefined ? ` (${total})` : ''}
    </span>
  )
}
