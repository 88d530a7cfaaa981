import { Box, Button, Card, CardContent, Typography } from '@mui/material'
import { LocalesMenuButton, useLocaleState, useTranslate } from 'react-admin'
import { API_BASE } from '../api/client'

/** The console's sign-in: to the issuer's staff sign-in page (password), then back to /signin-callback. */
export function SignInPage() {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  return (
    <Box component='main' sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 420, maxWidth: '90vw' }}>
        <CardContent sx={{ display: 'grid', gap: 2, p: 4 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography component='h1' variant='h5'>
              {translate('admin.title')}
            </Typography>
            <LocalesMenuButton />
          </Box>
          <Typography>{translate('admin.auth.intro')}</Typography>
          <Button
            variant='contained'
            size='large'
            href={`${API_BASE}/staff-auth/authorize?lang=${locale === 'zh' ? 'zh' : 'en'}`}
          >
            {translate('admin.auth.signIn')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  )
}
