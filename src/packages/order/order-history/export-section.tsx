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
        <View className='oh-export__field'>
          <Text className='oh-export__label'>{t('orderExport.from')}</Text>
          <Input
            className='oh-export__input oh-export__from'
            type='text'
            value={s.from}
            maxlength={10}
            placeholder='YYYY-MM-DD'
            onInput={(e) => setFrom(e.detail.value)}
            {...fieldLabelProps(t('orderExport.from'))}
          />
        </View>
        <View className='oh-export__field'>
          <Text className='oh-export__label'>{t('orderExport.to')}</Text>
          <Input
            className='oh-export__input oh-export__to'
            type='text'
            value={s.to}
            maxlength={10}
            placeholder='YYYY-MM-DD'
            onInput={(e) => setTo(e.detail.value)}
            {...fieldLabelProps(t('orderExport.to'))}
          />
        </View>
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

      <View className='oh-export__field'>
        <Text className='oh-export__label'>{t('orderExport.extraEmail')}</Text>
        <Input
          className='oh-export__input oh-export__email-input'
          type='text'
          value={s.extraEmail}
          maxlength={254}
          placeholder='name@example.com'
          onInput={(e) => setExtraEmail(e.detail.value)}
          {...fieldLabelProps(t('orderExport.extraEmail'))}
        />
      </View>
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
