import { Button } from '@mui/material'
import { useExpanded, useRecordContext, useResourceContext, useTranslate } from 'react-admin'

/**
 * A queue row's key (request or redemption number) as a real button that opens and closes the row's detail, so the
 * detail is reachable by keyboard (react-admin's own expand arrow is a mouse-only control: no tab stop). The row's
 * click still opens it too; the button keeps its click to itself so the two do not undo each other.
 */
export function ExpandToggle({ source }: { source: string }) {
  const record = useRecordContext()
  const resource = useResourceContext() ?? ''
  const translate = useTranslate()
  const [expanded, toggle] = useExpanded(resource, record?.id ?? '', true)
  if (!record) return null
  const text = String(record[source] ?? record.id)
  return (
    <Button
      size='small'
      aria-expanded={expanded}
      title={translate(expanded ? 'ra.action.close' : 'ra.action.expand')}
      onClick={(e) => {
        e.stopPropagation()
        toggle()
      }}
      sx={{ textTransform: 'none', whiteSpace: 'nowrap', minWidth: 0, px: 0.5 }}
    >
      {text}
    </Button>
  )
}
