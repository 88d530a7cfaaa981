import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material'
import { useTranslate } from 'react-admin'
import { useLocation } from 'react-router-dom'
import QRCode from 'qrcode'
import type { StaffSigninToken, StaffTotpEnrolment } from '../../../types/staff/signin-endpoints'
import { request } from '../api/client'
import { saveToken } from '../api/token'
import { forgetMe } from './me'

/**
 * The way back from the issuer (GET /api/staff-auth/callback sends the browser here): ?ticket=…&secondFactor=totp
 * asks for the authenticator's code; secondFactor=enrol first shows a new authenticator secret (QR code and text,
 * once), then its first code; the recovery codes of an enrolment are shown once before the console opens.
 * ?error=… says why the sign-in stopped.
 */
/** a fresh load of the console: react-admin asks again who is signed in (it remembers the signed-out start) */
const openConsole = () => window.location.replace('/admin/')

export function SignInCallback() {
  const translate = useTranslate()
  const search = new URLSearchParams(useLocation().search)
  const ticket = search.get('ticket') ?? ''
  const secondFactor = search.get('secondFactor')
  const error = search.get('error')
  const [enrolment, setEnrolment] = useState<StaffTotpEnrolment | null>(null)
  const [qr, setQr] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [useRecovery, setUseRecovery] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const codeId = useId()
  const asked = useRef(false)

  useEffect(() => {
    if (secondFactor !== 'enrol' || !ticket || asked.current) return
    asked.current = true
    request<StaffTotpEnrolment>('POST', '/staff-auth/totp/enrol', { ticket })
      .then(async (e) => {
        setEnrolment(e)
        setQr(await QRCode.toDataURL(e.otpauthUri, { margin: 1, width: 200 }))
      })
      .catch((e: Error) => setProblem(e.message))
  }, [secondFactor, ticket])

  const submit = async (ev: FormEvent) => {
    ev.preventDefault()
    setBusy(true)
    setProblem(null)
    try {
      const body = useRecovery ? { ticket, recoveryCode: code.trim() } : { ticket, code: code.trim() }
      const t = await request<StaffSigninToken>('POST', '/staff-auth/token', body)
      saveToken(t.token, t.expiresIn)
      forgetMe()
      if (t.recoveryCodes?.length) setRecoveryCodes(t.recoveryCodes)
      else openConsole()
    } catch (e) {
      setProblem((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const body = (() => {
    if (error || !ticket) {
      return (
        <>
          <Alert severity='error'>
            {translate(`admin.auth.errors.${error ?? 'state'}`, { _: translate('admin.auth.errors.state') })}
          </Alert>
          <Button variant='contained' href='/admin/login'>
            {translate('admin.auth.again')}
          </Button>
        </>
      )
    }
    if (recoveryCodes) {
      return (
        <>
          <Typography>{translate('admin.auth.recoveryIntro')}</Typography>
          <Box
            component='ul'
            aria-label={translate('admin.auth.recoveryCodes')}
            sx={{ fontFamily: 'monospace', columns: 2 }}
          >
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Box>
          <Button variant='contained' onClick={openConsole}>
            {translate('admin.auth.continue')}
          </Button>
        </>
      )
    }
    return (
      <Box component='form' onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        {secondFactor === 'enrol' && (
          <>
            <Typography>{translate('admin.auth.enrolIntro')}</Typography>
            {qr && (
              <Box
                component='img'
                src={qr}
                alt={translate('admin.auth.qrAlt')}
                sx={{ width: 200, height: 200, justifySelf: 'center' }}
              />
            )}
            {enrolment && (
              <Typography>
                {translate('admin.auth.secret')}{' '}
                <Box component='code' data-testid='totp-secret' sx={{ wordBreak: 'break-all' }}>
                  {enrolment.secret}
                </Box>
              </Typography>
            )}
          </>
        )}
        <TextField
          id={codeId}
          label={translate(useRecovery ? 'admin.auth.recoveryCode' : 'admin.auth.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete='one-time-code'
          inputProps={useRecovery ? {} : { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 }}
          required
          autoFocus
        />
        {problem && <Alert severity='error'>{problem}</Alert>}
        <Button type='submit' variant='contained' disabled={busy}>
          {translate('admin.auth.verify')}
        </Button>
        {secondFactor !== 'enrol' && (
          <Button onClick={() => setUseRecovery(!useRecovery)}>
            {translate(useRecovery ? 'admin.auth.useCode' : 'admin.auth.useRecovery')}
          </Button>
        )}
      </Box>
    )
  })()

  return (
    <Box component='main' sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 460, maxWidth: '90vw' }}>
        <CardContent sx={{ display: 'grid', gap: 2, p: 4 }}>
          <Typography component='h1' variant='h5'>
            {translate('admin.auth.secondFactor')}
          </Typography>
          {body}
        </CardContent>
      </Card>
    </Box>
  )
}
