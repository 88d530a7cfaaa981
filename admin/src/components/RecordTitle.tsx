import { useRecordContext, useTranslate, type RaRecord } from 'react-admin'

/** An edit page's title: a message of the domain's with values taken from the record (empty while it loads). */
export function RecordTitle<R extends object>({
  message,
  values,
}: {
  message: string
  values: (record: R | undefined) => Record<string, unknown>
}) {
  const record = useRecordContext<RaRecord>() as R | undefined
  const translate = useTranslate()
  return <span>{translate(message, values(record))}</span>
}
