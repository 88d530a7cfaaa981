import { useEffect } from 'react'
import { useRouter } from '@tarojs/taro'
import { View, Text, Input, Button, Switch } from '@tarojs/components'
import PageShell from '../../../components/page-shell'
import LoginGate from '../../../components/auth/login-gate'
import { showToast } from '../../../store/toast'
import { useT, useLocale } from '../../../store/locale'
import { useSession } from '../../../store/auth/session'
import { useAddressForm } from '../../../store/account/addresses'
import {
  ADDRESS_FIELDS,
  FIELD_LABEL,
  FIELD_MAX,
  REQUIRED_FIELDS,
  type AddressField,
  type Iso,
} from '../../../rules/account/address-validation'
import { navigation } from '../../../platform/navigation'
import { pageParam } from '../../../rules/page-params'
import { tapProps } from '../../../components/tappable'
import FieldLabel, { useFieldId } from '../../../components/field-label'
import { LoadingPanel } from '../../../components/state-panel'
import { fieldLabelProps } from '../../../platform/a11y'
import { labelledFieldProps } from '../../../platform/labels'
import './index.scss'

/**
 * /my-account/ShipToInfoAddress?new&flag&back (add) or ?addressKey (edit): the ship-to form with the
 * section 5 rules; a new address starts PENDING (review about 2 business days).
 */
export default function ShipToAddressPage() {
  const t = useT()
  const { params } = useRouter()
  return (
    <PageShell header={{ title: t(pageParam(params, 'addressKey') ? 'acct.form.titleEdit' : 'acct.form.titleNew') }}>
      <LoginGate>
        <AddressForm
          addressKey={pageParam(params, 'addressKey') || null}
          back={pageParam(params, 'back') || null}
          flag={pageParam(params, 'flag') || null}
        />
      </LoginGate>
    </PageShell>
  )
}

const INPUT_TYPE: Partial<Record<AddressField, 'text' | 'number' | 'idcard' | 'digit'>> = {
  mobile: 'number',
  zipCode: 'text',
}

function AddressForm({
  addressKey,
  back,
  flag,
}: {
  addressKey: string | null
  back: string | null
  flag: string | null
}) {
  const t = useT()
  const localeCountry = useLocale((s) => s.country)
  const userCountry = useSession((s) => s.userInfo?.country ?? null)
  const f = useAddressForm()
  const formId = useFieldId('ship-to')
  const iso: Iso = (userCountry ?? localeCountry) === 'in' ? 'IN' : 'CN'

  useEffect(() => {
    useAddressForm.getState().init({ addressKey, iso })
  }, [addressKey, iso])

  const leave = () => {
    // `back=onboarding` returns to the registration flow; otherwise to the list (`flag` travels along)
    if (back === 'onboarding') return navigation.replace('onboarding', { flag })
    if (navigation.canGoBack()) return navigation.back()
    return navigation.replace('shipToInfo', { flag })
  }
  const submit = async () => {
    const ok = await useAddressForm.getState().submit()
    if (ok && useAddressForm.getState().mode === 'edit') {
      showToast(t('acct.form.updated'))
      leave()
    }
  }

  if (f.status === 'loading') return <LoadingPanel className='af-state' message={t('acct.loading')} />
  if (f.status === 'refused' || f.status === 'notFound') {
    return (
      <View className='af-state'>
        <Text className='af-state__body address-form__refused'>
          {f.status === 'refused' ? t('acct.form.refused') : `${t('acct.form.notFound')} ${f.topError ?? ''}`}
        </Text>
        <Button className='af-state__button' {...tapProps(() => navigation.replace('shipToInfo'))}>
          {t('acct.form.backToList')}
        </Button>
      </View>
    )
  }
  if (f.status === 'saved' && f.mode === 'new') {
    return (
      <View className='af-state address-form__saved'>
        <Text className='af-state__title'>{t('acct.form.savedTitle')}</Text>
        <Text className='af-state__body'>{t('acct.form.savedBody', { reference: f.saved?.webReference ?? '' })}</Text>
        <Button className='af-state__button address-form__done' {...tapProps(leave)}>
          {t('acct.form.done')}
        </Button>
      </View>
    )
  }

  const errorCount = Object.keys(f.errors).length
  return (
    <View className='address-form'>
      {f.topError && (
        <View className='address-form__top-error'>
          <Text>{f.topError}</Text>
        </View>
      )}
      {errorCount > 0 && (
        <View className='address-form__top-error address-form__top-error--fields'>
          <Text>{t('acct.form.fixErrors')}</Text>
        </View>
      )}
      <View className='address-form__group'>
        {ADDRESS_FIELDS.map((field) => {
          const err = f.errors[field]
          const label = t(FIELD_LABEL[field])
          return (
            <View
              key={field}
              className={`address-form__field address-form__field--${field}${err ? ' address-form__field--invalid' : ''}`}
            >
              <FieldLabel className='address-form__label' fieldId={`${formId}-${field}`}>
                {label}
                {!REQUIRED_FIELDS.includes(field) && (
                  <Text className='address-form__optional'> ({t('acct.form.optional')})</Text>
                )}
              </FieldLabel>
              <View className='address-form__control'>
                {field === 'contactPhone' && <Text className='address-form__prefix'>{f.dialCode}</Text>}
                <Input
                  className='address-form__input'
                  type={INPUT_TYPE[field] ?? 'text'}
                  value={f.values[field]}
                  maxlength={FIELD_MAX[field]}
                  placeholder={label}
                  {...labelledFieldProps(`${formId}-${field}`, label)}
                  onInput={(ev) => f.setField(field, ev.detail.value)}
                />
              </View>
              {field === 'contactPhone' && !err && (
                <Text className='address-form__hint'>{t(`acct.form.phoneHint.${f.iso}`)}</Text>
              )}
              {err && (
                <Text className='address-form__error'>
                  {t(err.key, { ...err.params, field: err.field ? t(FIELD_LABEL[err.field]) : '' })}
                </Text>
              )}
            </View>
          )
        })}
        <View className='address-form__field address-form__field--country'>
          <Text className='address-form__label'>{t('acct.field.country')}</Text>
          <Text className='address-form__fixed'>{t(`acct.country.${f.iso}`)}</Text>
        </View>
        {f.mode === 'new' && (
          <View className='address-form__field address-form__default'>
            <Text className='address-form__label'>{t('acct.form.setDefault')}</Text>
            <Switch
              className='address-form__default-switch'
              {...fieldLabelProps(t('acct.form.setDefault'))}
              checked={f.isDefault}
              color='#0b5fa5'
              onChange={(ev) => f.setIsDefault(ev.detail.value)}
            />
          </View>
        )}
      </View>
      <View className='address-form__footer'>
        <View
          role='button'
          aria-disabled={f.status === 'submitting'}
          className={`address-form__submit${f.status === 'submitting' ? ' address-form__submit--busy' : ''}`}
          {...tapProps(() => {
            if (f.status !== 'submitting') submit()
          })}
        >
          {f.status === 'submitting' ? t('acct.form.submitting') : t('acct.form.submit')}
        </View>
      </View>
    </View>
  )
}
