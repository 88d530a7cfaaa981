import { useTranslate } from 'react-admin'
import { DecisionButton } from '../../components/DecisionButton'

/** End a gift or a draw from now (final: an ended one is not changed again), after confirmation. */
export function EndButton({
  question,
  onConfirm,
  variant = 'outlined',
}: {
  question: string
  onConfirm: () => Promise<unknown>
  /** 'contained' on a grey toolbar (an outlined red there is below AA contrast) */
  variant?: 'outlined' | 'contained'
}) {
  const translate = useTranslate()
  return (
    <DecisionButton
      label={translate('resources.gifts.end')}
      color='error'
      variant={variant}
      question={question}
      onConfirm={onConfirm}
    />
  )
}
