import { useEffect } from 'react'
import { View, Text, Button, Input } from '@tarojs/components'
import { useT, useLocale } from '../../../store/locale'
import { useOrderExport, rangeProblem, extraEmailInvalid } from '../../../store/order/export'
import { tapProps } from '../../../components/tappable'
import { ariaProps, fieldLabelProps } from '../../../platform/a11y'

/**
 * The order history's export section (issue 12; spec §5 "Order-export date range: at most one year.
 * Start date earlier than end date."; §9 "export and email cover up to one year"): two dates
 * (default: the last 3 months), the rule's message while the range is not allowed, Download (saved
 * on H5, opened in WeChat's document viewer in the mini-program) and Email. State: store/order/export.
 */
export default function ExportSection() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const s = useOrderExport()
  useEffect(() => {
    useOrderExport.getState().init(country)
  }, [country])

  const problem = rangeProblem(s)
  const badEmail = extraEmailInvalid(s)
  const blocked = problem !== null || s.busy !== null
  const { setFrom, setTo, setFormat, setExtraEmail, download, email } = useOrderExport.getState()

  return (
    <View className='oh-export' {...ariaProps('region', { label: t('orderExport.title') })}>
      <Text className='oh-export__title' {...ariaProps('heading', { level: '2' })}>
        {t('orderExport.title')}
      </Text>
      <Text className='oh-export__hint'>{t('orderExport.hint')}</Text>
      <View className='oh-export__range'>
        {[
          { label: t('orderExport.from'), input: 'oh-export__from', value: s.from, onInput: setFrom },
          { label: t('orderExport.to'), input: 'oh-export__to', value: s.to, onInput: setTo },
        ].map((f) => (
          <ExportField key={f.input} {...f} maxlength={10} placeholder='YYYY-MM-DD' />
        ))}
      </View>
      {problem && (
        <Text className='oh-export__problem' {...ariaProps(undefined, { live: 'polite' })}>
          {t(`orderExport.range.${problem}`)}
        </Text>
      )}

      {s.formats.length > 1 && (
        <View className='oh-export__formats' {...ariaProps('radiogroup', { label: t('orderExport.format') })}>
          {s.formats.map((f) => (
            <Text
              key={f}
              className={`oh-export__format oh-export__format--${f}${s.format === f ? ' oh-export__format--on' : ''}`}
              {...tapProps(() => setFormat(f), { role: 'radio', selected: s.format === f })}
            >
              {t(`orderExport.format.${f}`)}
            </Text>
          ))}
        </View>
      )}

      <ExportField
        label={t('orderExport.extraEmail')}
        input='oh-export__email-input'
        value={s.extraEmail}
        maxlength={254}
        placeholder='name@example.com'
        onInput={setExtraEmail}
      />
      {badEmail && <Text className='oh-export__problem oh-export__email-problem'>{t('orderExport.invalidEmail')}</Text>}

      <View className='oh-export__actions'>
        <Button
          className='oh-export__download'
          {...tapProps(
            () => {
              void download()
            },
            { label: t('orderExport.downloadLabel', { from: s.from, to: s.to }), disabled: blocked },
          )}
        >
          {s.busy === 'download' ? t('orderExport.downloading') : t('orderExport.download')}
        </Button>
        <Button
          className='oh-export__email'
          {...tapProps(
            () => {
              void email()
            },
            { label: t('orderExport.emailLabel', { from: s.from, to: s.to }), disabled: blocked || badEmail },
          )}
        >
          {s.busy === 'email' ? t('orderExport.emailing') : t('orderExport.email')}
        </Button>
      </View>
      {s.notice && (
        <Text
          className={`oh-export__notice oh-export__notice--${s.notice.kind}`}
          {...ariaProps(s.notice.kind === 'error' ? 'alert' : 'status')}
        >
          {s.notice.text}
        </Text>
      )}
    </View>
  )
}

/** one labelled text field of the section (a date of the range, the extra email); `input` names its input */
function ExportField(p: {
  label: string
  input: string
  value: string
  maxlength: number
  placeholder: string
  onInput: (value: string) => void
}) {
  return (
    <View className='oh-export__field'>
      <Text className='oh-export__label'>{p.label}</Text>
      <Input
        className={`oh-export__input ${p.input}`}
        type='text'
        value={p.value}
        maxlength={p.maxlength}
        placeholder={p.placeholder}
        onInput={(e) => p.onInput(e.detail.value)}
        {...fieldLabelProps(p.label)}
      />
    </View>
  )
}
