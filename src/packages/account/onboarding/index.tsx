import { useEffect } from 'react'
import { View, Text, Button, Input } from '@tarojs/components'
import type { OnboardingRequest } from '../../../../types'
import DetailPage from '../../../components/detail-page'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { navigation } from '../../../platform/navigation'
import { formatTimestamp } from '../../../rules/format'
import type { MessageKey } from '../../../i18n'
import { LINK_FIELDS, LINK_MAX, fieldLabel, type FieldError, type LinkField } from './link-account-rules'
import { useOnboarding } from './store'
import { tapProps } from '../../../components/tappable'
import FieldLabel, { useFieldId } from '../../../components/field-label'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { titledScreen } from '../../../components/page-shell/titled-screen'
import { labelledFieldProps } from '../../../platform/labels'
import './index.scss'

/**
 * /onboarding, the return from registration (spec sections 1, 2 and 6): a Partially Registered
 * user completes an address or links an organisation account. An approved user is told the
 * account is complete.
 */
export default titledScreen(DetailPage, 'screen.onboarding', OnboardingBody)

function OnboardingBody() {
  const t = useT()
  const country = useLocale((s) => s.country)
  const sessionStatus = useSession((s) => s.userInfo?.userRoles.registrationStatus ?? null)
  const {
    status,
    registrationStatus,
    requests,
    values,
    errors,
    submitting,
    submitError,
    sent,
    load,
    setField,
    submit,
  } = useOnboarding()
  const approved = sessionStatus === 'Siebel Approved' || registrationStatus === 'Siebel Approved'

  useEffect(() => {
    useOnboarding.getState().reset()
    if (sessionStatus !== 'Siebel Approved') load()
  }, [sessionStatus]) // eslint-disable-line react-hooks/exhaustive-deps

  const message = (e: FieldError) => {
    const p = e.params ?? {}
    return t(e.key, { ...p, ...(p.field ? { field: t(p.field as MessageKey) } : {}) })
  }
  const date = (iso: string) => formatTimestamp(iso, country, 'YYYY-MM-DD')

  if (approved) {
    return (
      <StatePanel
        block='onb'
        className='onb--complete'
        title={t('auth.onboarding.complete.title')}
        body={t('auth.onboarding.complete.body')}
        button
        action={{ label: t('auth.onboarding.goMy'), onTap: () => navigation.go('my') }}
      />
    )
  }
  if (status === 'idle' || status === 'loading')
    return <LoadingPanel className='onb' message={t('auth.onboarding.loading')} />
  if (status === 'failed') {
    return (
      <StatePanel
        block='onb'
        error={t('auth.onboarding.loadError')}
        button
        action={{ label: t('auth.retry'), onTap: () => load() }}
      />
    )
  }

  const linkPending = requests.some((r) => r.kind === 'link-account' && r.status === 'PENDING')
  return (
    <View className='onb'>
      <Text className='onb__intro'>{t('auth.onboarding.intro')}</Text>

      {requests.length > 0 && (
        <View className='onb__card onb-requests'>
          <Text className='onb__heading'>{t('auth.onboarding.requests')}</Text>
          {sent && <Text className='onb-requests__sent'>{t('auth.onboarding.sent')}</Text>}
          {requests.map((r) => (
            <RequestRow key={r.requestId} request={r} date={date} />
          ))}
        </View>
      )}

      <View className='onb__card onb-address'>
        <Text className='onb__heading'>{t('auth.onboarding.address.title')}</Text>
        <Text className='onb__body'>{t('auth.onboarding.address.body')}</Text>
        <Button
          className='onb__button onb-address__go'
          {...tapProps(() => navigation.go('shipToAddress', { new: '1', flag: 'onboarding', back: 'onboarding' }))}
        >
          {t('auth.onboarding.address.button')}
        </Button>
      </View>

      <View className='onb__card onb-link'>
        <Text className='onb__heading'>{t('auth.onboarding.link.title')}</Text>
        <Text className='onb__body'>{t('auth.onboarding.link.body')}</Text>
        {!linkPending && (
          <View className='onb-link__form'>
            {LINK_FIELDS.map((f) => (
              <LinkInput
                key={f}
                field={f}
                value={values[f]}
                error={errors[f] ? message(errors[f]!) : null}
                onInput={(v) => setField(f, v)}
              />
            ))}
            {submitError && <Text className='onb-link__submit-error'>{submitError}</Text>}
            <Button
              className='onb__button onb-link__submit'
              loading={submitting}
              {...tapProps(() => submit(), { disabled: submitting })}
            >
              {t(submitting ? 'auth.onboarding.submitting' : 'auth.onboarding.submit')}
            </Button>
          </View>
        )}
      </View>
    </View>
  )
}

function LinkInput({
  field,
  value,
  error,
  onInput,
}: {
  field: LinkField
  value: string
  error: string | null
  onInput: (v: string) => void
}) {
  const t = useT()
  const id = useFieldId(field)
  return (
    <View className={`onb-field onb-field--${field}`}>
      <FieldLabel className='onb-field__label' fieldId={id}>
        {t(fieldLabel(field))}
      </FieldLabel>
      <Input
        className={`onb-field__input${error ? ' onb-field__input--error' : ''}`}
        type='text'
        value={value}
        maxlength={LINK_MAX[field] + 10}
        placeholder={t(`auth.onboarding.placeholder.${field}` as MessageKey)}
        {...labelledFieldProps(id, t(fieldLabel(field)))}
        onInput={(e) => onInput(String(e.detail.value))}
      />
      {error && <Text className='onb-field__error'>{error}</Text>}
    </View>
  )
}

function RequestRow({ request, date }: { request: OnboardingRequest; date: (iso: string) => string }) {
  const t = useT()
  return (
    <View className={`onb-request onb-request--${request.status.toLowerCase()}`}>
      <View className='onb-request__head'>
        <Text className='onb-request__kind'>{t(`auth.onboarding.kind.${request.kind}` as MessageKey)}</Text>
        <Text className='onb-request__status'>{t(`auth.onboarding.status.${request.status}` as MessageKey)}</Text>
      </View>
      {request.status === 'PENDING' && (
        <Text className='onb-request__due'>
          {t('auth.onboarding.reviewDue', { submitted: date(request.submittedAt), due: date(request.reviewDueBy) })}
        </Text>
      )}
    </View>
  )
}
