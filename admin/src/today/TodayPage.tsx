import { Card, CardContent, Typography } from '@mui/material'
import { Title, useTranslate } from 'react-admin'

/** Today (issue 25): what needs doing this morning. */
export function TodayPage() {
  const translate = useTranslate()
  return (
    <Card component='main'>
      <Title title={translate('admin.sections.today')} />
      <CardContent>
        <Typography component='h1' variant='h5'>
          {translate('admin.sections.today')}
        </Typography>
      </CardContent>
    </Card>
  )
}
