import { useId, useState, type ReactNode } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material'
import { useNotify, useRefresh, useTranslate, type HttpError } from 'react-admin'

/**
 * A decision that cannot be undone (approve, reject, accept, refuse, ship, end, revoke, ...): the button opens a
 * dialog that says what will happen and asks for confirmation, with a reason field where the decision needs one
 * (told to the buyer as written). The dialog keeps focus while open and gives it back to the button after (MUI).
 * The server's refusal is shown in the dialog, beside the reason field when it is about the reason.
 */
export interface DecisionButtonProps {
  label: string
  /** what confirming does, in a sentence */
  question: ReactNode
  /** ask for a reason (required): its label */
  reasonLabel?: string
  reasonHelp?: string
  /** more fields inside the dialog (e.g. a ship-to number) */
  extra?: ReactNode
  color?: 'primary' | 'error' | 'success' | 'warning'
  variant?: 'contained' | 'outlined' | 'text'
  disabled?: boolean
  /** sends the decision; resolves when the server accepted it */
  onConfirm: (reason: string) => Promise<unknown>
  /** the notice after success (default "Done") */
  done?: string
}

export function DecisionButton(p: DecisionButtonProps) {
  const translate = useTranslate()
  const notify = useNotify()
  const refresh = useRefresh()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const titleId = useId()
  const close = () => {
    if (busy) return
    setOpen(false)
    setProblem(null)
  }
  const confirm = async () => {
    if (p.reasonLabel && !reason.trim()) {
      setProblem(translate('ra.validation.required'))
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      await p.onConfirm(reason.trim())
      setOpen(false)
      setReason('')
      notify(p.done ?? translate('admin.common.done'), { type: 'success' })
      refresh()
    } catch (e) {
      const err = e as HttpError
      setProblem(err.status === 403 ? translate('admin.common.forbidden') : err.message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button
        color={p.color ?? 'primary'}
        variant={p.variant ?? 'contained'}
        size='small'
        disabled={p.disabled}
        onClick={(e) => {
          e.stopPropagation()
          setOpen(true)
        }}
      >
        {p.label}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        fullWidth
        maxWidth='sm'
        onClick={(e) => e.stopPropagation()}
      >
        <DialogTitle id={titleId}>{p.label}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText component='div'>{p.question}</DialogContentText>
          {p.extra}
          {p.reasonLabel && (
            <TextField
              label={p.reasonLabel}
              helperText={problem && !reason.trim() ? problem : p.reasonHelp}
              error={!!problem && !reason.trim()}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={2}
              required
              autoFocus
              inputProps={{ maxLength: 500 }}
            />
          )}
          {problem && (reason.trim() || !p.reasonLabel) && (
            <DialogContentText role='alert' color='error'>
              {problem}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {translate('admin.common.cancel')}
          </Button>
          <Button onClick={confirm} disabled={busy} variant='contained' color={p.color ?? 'primary'}>
            {translate('admin.common.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
