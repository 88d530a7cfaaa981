import { useEffect, useState } from 'react'
import { View, Text, Textarea, Button } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import type { SupplyCenterRequest } from '../../../../types'
import type { MessageKey } from '../../../i18n'
import PageShell from '../../../components/page-shell'
import LoginGate from '../../../components/auth/login-gate'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import {
  SC_REASON_MAX,
  applicableShipTos,
  isActiveSupplyCenter,
  reasonLength,
  useSupplyCentre,
  type ApplyErrors,
  type ApplyField,
  type ApplyForm,
} from '../../../store/account/supply-centre'
import { formatTimestamp } from '../../../rules/format'
import { tapProps } from '../../../components/tappable'
import FieldLabel, { useFieldId } from '../../../components/field-label'
import StatePanel, { LoadingPanel } from '../../../components/state-panel'
import { labelledFieldProps } from '../../../platform/labels'
import './index.scss'

const STATUS_LABEL: Record<SupplyCenterRequest['status'], MessageKey> = {
  PENDING: 'acct.sc.pending',
  APPROVED: 'acct.sc.approved',
  REJECTED: 'acct.sc.rejected',
}
const EMPTY: ApplyForm = { shipToNum: '', supplyCenterId: '', reason: '', agreeTerms: false }

/**
 * Supply centre (/my-account/SupplyCenter; spec sections 3, 4, 5, 7, 9): the default ship-to's
 * active centre ("operationStatus Normal counts as active"), an apply-or-change request with a
 * reason ("required, at most 200 characters") and agreed terms, and the requests, pending "with
 * review up to 1 business day".
 */
export default function SupplyCentrePage() {
  const t = useT()
  const { country, language } = useLocale()
  const user = useSession((s) => s.userInfo)
  const userId = user?.userProfile.userId ?? null
  const { status, current, shipToNum, options, requests, submitting } = useSupplyCentre()
  const shipTos = applicableShipTos(user)
  const [form, setForm] = useState<ApplyForm>(EMPTY)
  const [errors, setErrors] = useState<ApplyErrors>({})
  const [message, setMessage] = useState<string | null>(null)
  const [justSent, setJustSent] = useState<string | null>(null)
  const reasonId = useFieldId('sc-reason')

  useEffect(() => {
    if (userId) useSupplyCentre.getState().load()
  }, [userId, language])
  // the default ship-to is chosen first when it can apply
  useEffect(() => {
    if (!form.shipToNum && shipTos.length) {
      const preferred = shipTos.find((s) => s.isDefault) ?? shipTos[0]
      setForm((f) => ({ ...f, shipToNum: preferred.accountNumber ?? '' }))
    }
  }, [shipTos.length]) // eslint-disable-line react-hooks/exhaustive-deps

  // "editing a field clears its error"
  const edit = <K extends ApplyField>(field: K, value: ApplyForm[K] | ((f: ApplyForm) => ApplyForm[K])) => {
    setForm((f) => ({
      ...f,
      [field]: typeof value === 'function' ? (value as (f: ApplyForm) => ApplyForm[K])(f) : value,
    }))
    setErrors((e) => {
      const n = { ...e }
      delete n[field]
      return n
    })
    setMessage(null)
  }
  const submit = async () => {
    setMessage(null)
    const res = await useSupplyCentre.getState().submit(form)
    if (res.ok) {
      setForm({ ...EMPTY, shipToNum: form.shipToNum })
      setErrors({})
      setJustSent(res.request.requestId)
      return
    }
    setErrors(res.errors)
    setMessage(res.messageKey ? t(res.messageKey) : (res.messageText ?? null))
  }

  const centreName = (id: string) => options.find((o) => o.supplyCenterId === id)?.name ?? id
  /** a request in one line: apply or change, its ship-to and the centre asked for */
  const requestLine = (r: SupplyCenterRequest) =>
    t('acct.sc.requestLine', {
      kind: t(r.kind === 'change' ? 'acct.sc.kind.change' : 'acct.sc.kind.apply'),
      shipTo: r.shipToNum,
      centre: centreName(r.supplyCenterId),
    })
  const currentOption = current ? options.find((o) => o.supplyCenterId === current.supplyCenterId) : undefined
  const pending = requests.filter((r) => r.status === 'PENDING')
  const count = reasonLength(form.reason)
  const err = (f: ApplyField) =>
    errors[f] && <Text className='sc-form__error'>{t(errors[f]!, { max: SC_REASON_MAX })}</Text>

  return (
    <PageShell header={{ title: t('screen.supplyCentre') }}>
      <LoginGate>
        {status === 'loading' && <LoadingPanel className='sc-state' message={t('acct.sc.loading')} />}
        {status === 'failed' && (
          <StatePanel
            block='sc-state'
            error={t('acct.sc.loadError')}
            button
            action={{ label: t('home.retry'), onTap: () => useSupplyCentre.getState().load() }}
          />
        )}
        {status === 'ready' && (
          <>
            <View className='sc-current'>
              <Text className='sc-current__label'>{t('acct.sc.current')}</Text>
              {current ? (
                <View className='sc-current__centre'>
                  <Text className='sc-current__name'>
                    {currentOption ? `${currentOption.name} · ${currentOption.city}` : current.supplyCenterId}
                  </Text>
                  {isActiveSupplyCenter(current) && <Text className='sc-current__badge'>{t('acct.sc.active')}</Text>}
                </View>
              ) : (
                <Text className='sc-current__none'>{t('acct.sc.none')}</Text>
              )}
              {shipToNum && (
                <Text className='sc-current__meta'>{t('acct.sc.shipTo', { accountNumber: shipToNum })}</Text>
              )}
            </View>

            {pending.map((r) => (
              <View key={r.requestId} className='sc-pending'>
                <View className='sc-pending__head'>
                  <AtIcon value='clock' size='18' color='#f08c00' />
                  <Text className='sc-pending__title'>
                    {t(r.requestId === justSent ? 'acct.sc.submitted' : 'acct.sc.pending')}
                  </Text>
                </View>
                <Text className='sc-pending__note'>{t('acct.sc.pendingNote')}</Text>
                <Text className='sc-pending__line'>{requestLine(r)}</Text>
                <Text className='sc-pending__due'>
                  {t('acct.sc.reviewDueBy', { time: formatTimestamp(r.reviewDueBy, country) })}
                </Text>
              </View>
            ))}

            <View className='sc-form'>
              <Text className='sc-form__title'>{t(current ? 'acct.sc.formChange' : 'acct.sc.formApply')}</Text>
              {shipTos.length === 0 ? (
                <Text className='sc-form__hint'>{t('acct.sc.noShipTo')}</Text>
              ) : (
                <>
                  <Text className='sc-form__label'>{t('acct.sc.fieldShipTo')}</Text>
                  <View className='sc-form__choices'>
                    {shipTos.map((s) => (
                      <View
                        key={s.addressKey}
                        className={`sc-form__choice sc-form__shipto${form.shipToNum === s.accountNumber ? ' sc-form__choice--on' : ''}`}
                        {...tapProps(() => edit('shipToNum', s.accountNumber ?? ''))}
                      >
                        <Text className='sc-form__choice-title'>{s.accountNumber}</Text>
                        <Text className='sc-form__choice-meta'>
                          {[s.companyOrInstitution, s.city].filter(Boolean).join(' · ')}
                        </Text>
                      </View>
                    ))}
                  </View>
                  {err('shipToNum')}

                  <Text className='sc-form__label'>{t('acct.sc.fieldCentre')}</Text>
                  <View className='sc-form__choices'>
                    {options.map((o) => {
                      const usable = isActiveSupplyCenter(o)
                      return (
                        <View
                          key={o.supplyCenterId}
                          className={`sc-form__choice sc-form__centre${form.supplyCenterId === o.supplyCenterId ? ' sc-form__choice--on' : ''}${usable ? '' : ' sc-form__choice--disabled'}`}
                          {...tapProps(() => edit('supplyCenterId', o.supplyCenterId), {
                            role: 'radio',
                            selected: form.supplyCenterId === o.supplyCenterId,
                            disabled: !usable,
                          })}
                        >
                          <Text className='sc-form__choice-title'>{o.name}</Text>
                          <Text className='sc-form__choice-meta'>
                            {usable ? o.city : `${o.city} · ${t('acct.sc.notOperating')}`}
                          </Text>
                        </View>
                      )
                    })}
                  </View>
                  {err('supplyCenterId')}

                  <FieldLabel className='sc-form__label' fieldId={reasonId}>
                    {t('acct.sc.fieldReason')}
                  </FieldLabel>
                  <Textarea
                    className={`sc-form__reason${errors.reason ? ' sc-form__reason--error' : ''}`}
                    value={form.reason}
                    maxlength={-1}
                    placeholder={t('acct.sc.reasonPlaceholder')}
                    {...labelledFieldProps(reasonId, t('acct.sc.fieldReason'), { multiline: true })}
                    onInput={(e) => edit('reason', e.detail.value)}
                  />
                  <Text className={`sc-form__counter${count > SC_REASON_MAX ? ' sc-form__counter--over' : ''}`}>
                    {t('acct.sc.counter', { count, max: SC_REASON_MAX })}
                  </Text>
                  {err('reason')}

                  <View className='sc-form__terms' onClick={() => edit('agreeTerms', (f) => !f.agreeTerms)}>
                    <View
                      className={`sc-form__check${form.agreeTerms ? ' sc-form__check--on' : ''}`}
                      {...tapProps(
                        (e) => {
                          e.stopPropagation?.()
                          edit('agreeTerms', (f) => !f.agreeTerms)
                        },
                        { role: 'checkbox', selected: form.agreeTerms, label: t('acct.sc.terms') },
                      )}
                    >
                      {form.agreeTerms && <AtIcon value='check' size='12' color='#fff' />}
                    </View>
                    <Text>{t('acct.sc.terms')}</Text>
                  </View>
                  {err('agreeTerms')}

                  {message && <Text className='sc-form__message'>{message}</Text>}
                  <Button className='sc-form__submit' {...tapProps(submit, { disabled: submitting })}>
                    {t(submitting ? 'acct.sc.submitting' : 'acct.sc.submit')}
                  </Button>
                </>
              )}
            </View>

            {requests.length > 0 && (
              <View className='sc-requests'>
                <Text className='sc-requests__title'>{t('acct.sc.requests')}</Text>
                {requests.map((r) => (
                  <View key={r.requestId} className='sc-requests__item'>
                    <View className='sc-requests__head'>
                      <Text className='sc-requests__line'>{requestLine(r)}</Text>
                      <Text className={`sc-requests__status sc-requests__status--${r.status.toLowerCase()}`}>
                        {t(STATUS_LABEL[r.status])}
                      </Text>
                    </View>
                    <Text className='sc-requests__reason'>{r.reason}</Text>
                    <Text className='sc-requests__meta'>
                      {t('acct.sc.submittedAt', { time: formatTimestamp(r.submittedAt, country) })}
                    </Text>
                  </View>
                ))}
              </View>
            )}
          </>
        )}
      </LoginGate>
    </PageShell>
  )
}
