import { Alert, Box, Typography } from '@mui/material'
import {
  FunctionField,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextField,
  TextInput,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin'
import { useWatch } from 'react-hook-form'
import type { ChangeCoupon, CreateCoupon, StaffCoupon } from '../../../../../types/marketing/staff-schemas'
import {
  COUPON_MAX_SKUS,
  COUPON_TYPES,
  checkCouponCombination,
  couponTypeOf,
  type CouponType,
} from '../../../../../types/cart/coupons'
import { adminCall } from '../../../api/client'
import { money } from '../../../format'
import {
  AsideSection,
  BilingualField,
  ContentCreate,
  ContentEdit,
  StateChip,
  StateList,
  WindowField,
  newWindow,
} from '../common/content'
import {
  BilingualInput,
  CatalogNumbersInput,
  CountryDateTimeInput,
  FORM_ROW,
  FormHeading,
  parseList,
} from '../common/inputs'

/** Coupons (the cart's promotion codes; GET /admin/coupons, coupon.manage). */
export function CouponList() {
  const [locale] = useLocaleState()
  return (
    <StateList empty='resources.coupons.empty'>
      <TextField source='code' sortable={false} />
      <FunctionField<StaffCoupon> source='type' sortable={false} render={(r) => r.type} />
      <BilingualField source='description' sortable={false} />
      <FunctionField<StaffCoupon>
        source='discount'
        sortable={false}
        render={(r) =>
          r.percentOff !== null ? `${r.percentOff}%` : money(r.amountOff, r.country === 'in' ? 'INR' : 'CNY', locale)
        }
      />
      <WindowField source='validFrom' end='validTo' sortable={false} />
      <FunctionField<StaffCoupon> source='state' sortable={false} render={(r) => <StateChip state={r.state} />} />
    </StateList>
  )
}

function toBody(v: Record<string, unknown>): CreateCoupon {
  const percent = v.kind !== undefined ? v.kind === 'percent' : v.percentOff !== null && v.percentOff !== undefined
  const value = Number(percent ? v.percentOff : v.amountOff)
  const account = typeof v.accountNumber === 'string' ? v.accountNumber.trim() : ''
  const skus = Array.isArray(v.skus) ? (v.skus as string[]) : parseList(v.skus as string)
  return {
    code: String(v.code ?? '').trim(),
    country: v.country === 'in' ? 'in' : 'cn',
    accountNumber: account || null,
    description: v.description as { en: string; zh: string },
    ...(percent ? { percentOff: value } : { amountOff: value }),
    minAmount: Number(v.minAmount ?? 0),
    validFrom: String(v.validFrom ?? ''),
    validTo: String(v.validTo ?? ''),
    skus,
  }
}

/** a stored coupon as the form's values: its kind of discount chosen */
const valuesOf = (r: RaRecord) => ({ ...r, kind: r.percentOff !== null ? 'percent' : 'amount' })

export function CouponCreate() {
  const { start, end } = newWindow(30)
  return (
    <ContentCreate<CreateCoupon>
      prefix='resources.coupons'
      toBody={toBody}
      idKey='code'
      create={(body) => adminCall('couponCreate', { body })}
      defaultValues={{ country: 'cn', kind: 'percent', minAmount: 0, validFrom: start, validTo: end, skus: [] }}
      aside={<CombinationHelp />}
    >
      <CouponFields creating />
    </ContentCreate>
  )
}

export function CouponEdit() {
  return (
    <ContentEdit<CreateCoupon>
      prefix='resources.coupons'
      titleValues={(r) => ({ code: r?.code ?? '' })}
      onEnd={(code) => adminCall('couponEnd', { params: { code } })}
      // a change sends the kind of discount it gives; the other is replaced by the server
      toBody={toBody}
      fixed={['code', 'country']}
      change={(code, body) => adminCall('couponChange', { params: { code }, body: body as ChangeCoupon })}
      values={valuesOf}
      aside={<CombinationHelp />}
    >
      <CouponFields />
    </ContentEdit>
  )
}

function CouponFields({ creating }: { creating?: boolean }) {
  const translate = useTranslate()
  const f = (name: string) => translate(`resources.coupons.fields.${name}`)
  const kind = useWatch({ name: 'kind' }) as string | undefined
  const skus = useWatch({ name: 'skus' }) as string[] | string | undefined
  const skuCount = Array.isArray(skus) ? skus.length : parseList(skus).length
  const row = FORM_ROW
  return (
    <Box sx={{ width: '100%' }}>
      <Box sx={row}>
        <TextInput
          source='code'
          label={f('code')}
          disabled={!creating}
          helperText={creating ? translate('resources.coupons.codeHelp') : false}
          required
          validate={(v: string) => (v && !couponTypeOf(v) ? translate('resources.coupons.codeLetter') : undefined)}
        />
        <SelectInput
          source='country'
          label={f('country')}
          disabled={!creating}
          choices={[
            { id: 'cn', name: translate('resources.flash-sales.countries.cn') },
            { id: 'in', name: translate('resources.flash-sales.countries.in') },
          ]}
          helperText={false}
        />
      </Box>
      <TextInput
        source='accountNumber'
        label={f('accountNumber')}
        helperText={translate('resources.coupons.accountHelp')}
        fullWidth
      />
      <FormHeading>{translate('admin.marketing.texts')}</FormHeading>
      <BilingualInput source='description' label='resources.coupons.fields.description' required />
      <FormHeading>{translate('resources.coupons.discountHeading')}</FormHeading>
      <RadioButtonGroupInput
        source='kind'
        label={f('kind')}
        choices={[
          { id: 'percent', name: translate('resources.coupons.percent') },
          { id: 'amount', name: translate('resources.coupons.amount') },
        ]}
        helperText={false}
      />
      <Box sx={row}>
        {kind === 'amount' ? (
          <NumberInput source='amountOff' label={f('amountOff')} min={0.01} step={0.01} required helperText={false} />
        ) : (
          <NumberInput
            source='percentOff'
            label={f('percentOff')}
            min={0.01}
            max={100}
            step={0.01}
            required
            helperText={false}
          />
        )}
        <NumberInput
          source='minAmount'
          label={f('minAmount')}
          min={0}
          step={0.01}
          helperText={translate('resources.coupons.minAmountHelp')}
        />
      </Box>
      <FormHeading>{translate('admin.marketing.window')}</FormHeading>
      <Box sx={row}>
        <CountryDateTimeInput source='validFrom' label={f('validFrom')} countryField='country' required />
        <CountryDateTimeInput source='validTo' label={f('validTo')} countryField='country' required />
      </Box>
      <CatalogNumbersInput
        source='skus'
        label={f('skus')}
        helperText={translate('resources.coupons.skusHelp', { max: COUPON_MAX_SKUS })}
      />
      {skuCount > COUPON_MAX_SKUS && (
        <Alert severity='warning' sx={{ mb: 2 }}>
          {translate('resources.coupons.manySkus', { count: skuCount, max: COUPON_MAX_SKUS })}
        </Alert>
      )}
    </Box>
  )
}

/**
 * The spec's combination rules (§5 "Coupon combinations: P and D quotes cannot be mixed; M and R, M and T, and R
 * and T cannot be mixed. Only one each of P, D, R, M and T per order."), for the code being made: its type from its
 * first letter, and which other types it can go with in one order (types/cart/coupons.ts checkCouponCombination,
 * the rule the cart applies).
 */
function CombinationHelp() {
  const translate = useTranslate()
  const code = (useWatch({ name: 'code' }) as string | undefined) ?? ''
  const type = couponTypeOf(code)
  const others = COUPON_TYPES.filter((t) => t !== type)
  const withType = (t: CouponType) => (type ? checkCouponCombination([`${type}X1`, `${t}X2`]).ok : false)
  return (
    <AsideSection id='coupon-rules-title' title={translate('resources.coupons.rules.title')}>
      <Typography variant='body2'>{translate('resources.coupons.rules.letter')}</Typography>
      <Typography variant='body2'>{translate('resources.coupons.rules.oneEach')}</Typography>
      <Typography variant='body2'>{translate('resources.coupons.rules.pd')}</Typography>
      <Typography variant='body2'>{translate('resources.coupons.rules.mrt')}</Typography>
      <Typography variant='body2'>{translate('resources.coupons.rules.mDelivery')}</Typography>
      <Typography variant='body2'>{translate('resources.coupons.rules.skus', { max: COUPON_MAX_SKUS })}</Typography>
      <Typography variant='body2'>{translate('resources.coupons.rules.who')}</Typography>
      <Typography variant='body2'>{translate('resources.coupons.rules.flash')}</Typography>
      {type ? (
        <Alert severity='info' role='status'>
          {translate('resources.coupons.rules.thisCode', {
            type,
            with: others.filter(withType).join(', ') || '—',
            without: [type, ...others.filter((t) => !withType(t))].join(', '),
          })}
        </Alert>
      ) : (
        <Typography variant='body2' color='text.secondary' role='status'>
          {translate('resources.coupons.rules.typeCode')}
        </Typography>
      )}
    </AsideSection>
  )
}
