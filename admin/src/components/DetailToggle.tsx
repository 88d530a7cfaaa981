import { Button } from '@mui/material'
import { useExpanded, useRecordContext, useResourceContext, useTranslate } from 'react-admin'

/**
 * A queue row's detail opened and closed by a real button, so the detail is reachable by keyboard (react-admin's own
 * expand arrow is a mouse-only control: no tab stop, hidden from screen readers). The row's click still opens it
 * too; the button keeps its click to itself so the two do not undo each other.
 *
 * The button reads either the row's key (`source`, e.g. a request number; its title says open / close), or the
 * words `show` / `hide` (message keys).
 */
export function DetailToggle(
  p: { source: string; show?: undefined; hide?: undefined } | { source?: undefined; show: string; hide: string },
) {
  const record = useRecordContext()
  const resource = useResourceContext() ?? ''
  const translate = useTranslate()
  const [expanded, toggle] = useExpanded(resource, record?.id ?? '', true)
  if (!record) return null
  const onClick = (e: React.MouseEvent) => {
    e.stopPropagation()
    toggle()
  }
  if (p.source !== undefined)
    return (
      <Button
        size='small'
        aria-expanded={expanded}
        title={translate(expanded ? 'ra.action.close' : 'ra.action.expand')}
        onClick={onClick}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap', minWidth: 0, px: 0.5 }}
      >
        {String(record[p.source] ?? record.id)}
      </Button>
    )
  return (
    <Button size='small' variant='text' aria-expanded={expanded} onClick={onClick}>
      {translate(expanded ? p.hide : p.show)}
    </Button>
  )
}
