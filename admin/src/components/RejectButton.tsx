import { useTranslate } from 'react-admin'
import { DecisionButton, type DecisionButtonProps } from './DecisionButton'

/**
 * A refusal that needs a reason (told to the buyer as written): a red outlined `DecisionButton` reading "Reject" with
 * a required "Reason" field, unless `label` / `reasonLabel` say otherwise.
 */
export function RejectButton({
  label,
  reasonLabel,
  ...p
}: Pick<DecisionButtonProps, 'question' | 'onConfirm' | 'disabled' | 'done'> & {
  label?: string
  reasonLabel?: string
}) {
  const translate = useTranslate()
  return (
    <DecisionButton
      label={label ?? translate('admin.common.reject')}
      color='error'
      variant='outlined'
      reasonLabel={reasonLabel ?? translate('admin.common.reason')}
      reasonHelp={translate('admin.common.reasonHelp')}
      {...p}
    />
  )
}
