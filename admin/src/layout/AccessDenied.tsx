import LockIcon from '@mui/icons-material/Lock'
import { Box, Button, Typography } from '@mui/material'
import { Link } from 'react-router-dom'
import { useTranslate } from 'react-admin'

/**
 * A screen the member's roles do not allow, opened by its address: said plainly (with readable contrast) and a way
 * back. The console shows nothing of it; the server would refuse its calls anyway (403).
 */
export function AccessDenied() {
  const translate = useTranslate()
  return (
    <Box component='section' sx={{ display: 'grid', justifyItems: 'center', gap: 2, mt: 10, textAlign: 'center' }}>
      <LockIcon sx={{ fontSize: 64, color: 'text.secondary' }} aria-hidden />
      <Typography component='h1' variant='h5'>
        {translate('admin.access.title')}
      </Typography>
      <Typography>{translate('admin.access.body')}</Typography>
      <Button component={Link} to='/' variant='contained'>
        {translate('admin.access.back')}
      </Button>
    </Box>
  )
}
