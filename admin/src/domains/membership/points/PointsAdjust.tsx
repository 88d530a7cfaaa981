import { useState } from 'react'
import { Alert, Box, Card, CardContent, Stack, TextField, Typography } from '@mui/material'
import { Title, useTranslate, type HttpError } from 'react-admin'
import { adminCall, type AdminAnswer } from '../../../api/client'
import { DecisionButton } from '../../../components/DecisionButton'

const P = 'resources.points'
type Adjusted = AdminAnswer<'membershipAdjustPoints'>

/**
 * A member's points adjusted by hand (POST /admin/points/adjust): added or taken with a reason the member reads on
 * the ledger line; confirmed first (a ledger entry is never taken back, only answered by another).
 */
export function PointsAdjust() {
  const translate = useTranslate()
  const [userId, setUserId] = useState('')
  const [delta, setDelta] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [done, setDone] = useState<Adjusted | null>(null)
  const n = Number(delta)
  const deltaOk = delta.trim() !== '' && Number.isInteger(n) && n !== 0 && Math.abs(n) <= 1_000_000
  const ready = userId.trim() !== '' && deltaOk && reason.trim() !== ''

  const send = async () => {
    const local: Record<string, string> = {}
    if (!userId.trim()) local.userId = translate('ra.validation.required')
    if (!deltaOk) local.delta = translate(`${P}.deltaHelp`)
    if (!reason.trim()) local.reason = translate('ra.validation.required')
    setErrors(local)
    if (Object.keys(local).length) throw new Error(translate(`${P}.fixFields`))
    try {
      const answer = await adminCall('membershipAdjustPoints', {
        body: { userId: userId.trim(), delta: n, reason: reason.trim() },
      })
      setDone(answer)
      setDelta('')
      setReason('')
      return answer
    } catch (e) {
      setErrors((e as HttpError & { body?: { errors?: Record<string, string> } }).body?.errors ?? {})
      throw e
    }
  }

  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate(`${P}.name`)} />
      <Card>
        <CardContent>
          <Typography variant='h6' component='h1' gutterBottom>
            {translate(`${P}.name`)}
          </Typography>
          <Typography variant='body2' color='text.secondary' sx={{ mb: 2 }}>
            {translate(`${P}.intro`)}
          </Typography>
          <Stack component='form' spacing={2} aria-label={translate(`${P}.name`)} onSubmit={(e) => e.preventDefault()}>
            <TextField
              label={translate(`${P}.fields.userId`)}
              value={userId}
              onChange={(e) => {
                setUserId(e.target.value)
                setDone(null)
              }}
              required
              error={!!errors.userId}
              helperText={errors.userId ?? translate(`${P}.userIdHelp`)}
              inputProps={{ maxLength: 64 }}
            />
            <TextField
              label={translate(`${P}.fields.delta`)}
              type='number'
              value={delta}
              onChange={(e) => setDelta(e.target.value)}
              required
              error={!!errors.delta}
              helperText={errors.delta ?? translate(`${P}.deltaHelp`)}
              inputProps={{ step: 1, min: -1_000_000, max: 1_000_000 }}
            />
            <TextField
              label={translate(`${P}.fields.reason`)}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              multiline
              minRows={2}
              error={!!errors.reason}
              helperText={errors.reason ?? translate(`${P}.reasonHelp`)}
              inputProps={{ maxLength: 200 }}
            />
            <Box>
              <DecisionButton
                label={translate(`${P}.adjust`)}
                disabled={!ready}
                question={
                  deltaOk && n > 0
                    ? translate(`${P}.addQuestion`, { smart_count: n, userId: userId.trim() })
                    : translate(`${P}.takeQuestion`, { smart_count: Math.abs(n) || 0, userId: userId.trim() })
                }
                onConfirm={send}
              />
            </Box>
          </Stack>
          {done && (
            <Alert severity='success' role='status' sx={{ mt: 2 }}>
              {translate(`${P}.adjusted`, {
                userId: done.userId,
                delta: done.delta > 0 ? `+${done.delta}` : String(done.delta),
                balance: done.balance,
              })}
            </Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  )
}
