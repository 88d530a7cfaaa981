import { useEffect, useState } from 'react'
import { Autocomplete, Box, TextField as MuiTextField, Typography } from '@mui/material'
import {
  FunctionField,
  NumberInput,
  SelectInput,
  TextInput,
  useInput,
  useLocaleState,
  useRecordContext,
  required,
  useTranslate,
} from 'react-admin'
import { useWatch } from 'react-hook-form'
import type { ChangeFlashSale, CreateFlashSale, StaffFlashSale } from '../../../../../types/flashbuy/staff-endpoints'
import type { AdminProduct } from '../../../../../types/catalog/staff-endpoints'
import { adminCall } from '../../../api/client'
import { countryDateTime, money } from '../../../format'
import { ContentCreate, ContentEdit, StateChip, StateList, newWindow } from '../../marketing/common/content'
import { CountryDateTimeInput, FORM_ROW, FormHeading, formRow, SortOrderInput } from '../../marketing/common/inputs'
import { SalePreview } from './SalePreview'

/** Flash sales (GET /admin/flash-sales, flashSale.manage): by state, newest start first. */
export function FlashSaleList() {
  const [locale] = useLocaleState()
  const translate = useTranslate()
  return (
    <StateList empty='resources.flash-sales.empty'>
      <FunctionField<StaffFlashSale>
        source='productTitle'
        sortable={false}
        render={(r) => (
          <Box sx={{ minWidth: 180 }}>
            <Typography variant='body2'>{r.productTitle}</Typography>
            <Typography variant='caption' color='text.secondary'>
              {r.catalogNumber} · {r.id}
            </Typography>
          </Box>
        )}
      />
      <FunctionField<StaffFlashSale>
        source='country'
        sortable={false}
        render={(r) => translate(`resources.flash-sales.countries.${r.country}`)}
      />
      <FunctionField<StaffFlashSale>
        source='flashPrice'
        sortable={false}
        render={(r) => (
          <span>
            {money(r.flashPrice, r.currency, locale)}
            {r.listPrice !== null && (
              <Typography component='s' variant='caption' color='text.secondary' sx={{ ml: 1 }}>
                {money(r.listPrice, r.currency, locale)}
              </Typography>
            )}
          </span>
        )}
      />
      <FunctionField<StaffFlashSale>
        source='startAt'
        sortable={false}
        render={(r) => `${countryDateTime(r.startAt, r.country)} – ${countryDateTime(r.endAt, r.country).slice(11)}`}
      />
      <FunctionField<StaffFlashSale>
        source='soldQty'
        sortable={false}
        render={(r) => translate('resources.flash-sales.soldOf', { sold: r.soldQty, total: r.totalQty })}
      />
      <FunctionField<StaffFlashSale>
        source='flashBuyStatus'
        sortable={false}
        render={(r) => translate(`resources.flash-sales.buyerStatus.${r.flashBuyStatus}`)}
      />
      <FunctionField<StaffFlashSale> source='state' sortable={false} render={(r) => <StateChip state={r.state} />} />
    </StateList>
  )
}

const FIXED = ['country', 'catalogNumber'] as const

const n = (v: unknown) => (v === '' || v === null || v === undefined ? (undefined as unknown as number) : Number(v))

function toBody(v: Record<string, unknown>): CreateFlashSale {
  const coupon = typeof v.coupon === 'string' ? v.coupon.trim() : ''
  return {
    country: v.country === 'in' ? 'in' : 'cn',
    catalogNumber: String(v.catalogNumber ?? '').trim(),
    flashPrice: n(v.flashPrice),
    startAt: String(v.startAt ?? ''),
    endAt: String(v.endAt ?? ''),
    totalQty: n(v.totalQty),
    minOrderQty: n(v.minOrderQty),
    maxOrderQty: n(v.maxOrderQty),
    accountPurchaseLimitQty: n(v.accountPurchaseLimitQty),
    deliveryChannel: v.deliveryChannel === 'SC' ? 'SC' : 'TFS',
    coupon: coupon || null,
    sortOrder: n(v.sortOrder) ?? 0,
  }
}

type PickedProduct = { title: string; listPrice: number | null } | null

export function FlashSaleCreate() {
  const [product, setProduct] = useState<PickedProduct>(null)
  // the next whole hour from now, and a day after it: a new sale's window to start from
  const { start, end } = newWindow(1, 1)
  return (
    <ContentCreate<CreateFlashSale>
      prefix='resources.flash-sales'
      toBody={toBody}
      create={(body) => adminCall('flashSaleCreate', { body })}
      defaultValues={{
        country: 'cn',
        startAt: start,
        endAt: end,
        totalQty: 100,
        minOrderQty: 1,
        maxOrderQty: 5,
        accountPurchaseLimitQty: 5,
        deliveryChannel: 'TFS',
        sortOrder: 0,
      }}
      aside={<SalePreview product={product} />}
    >
      <SaleFields creating onProduct={setProduct} />
    </ContentCreate>
  )
}

export function FlashSaleEdit() {
  return (
    <ContentEdit<CreateFlashSale>
      prefix='resources.flash-sales'
      titleValues={(r) => ({ id: r?.id ?? '', product: r?.productTitle ?? '' })}
      onEnd={(id) => adminCall('flashSaleEnd', { params: { id } })}
      facts={<SaleFacts />}
      toBody={toBody}
      fixed={FIXED}
      change={(id, body) => adminCall('flashSaleChange', { params: { id }, body: body as ChangeFlashSale })}
      aside={<EditPreview />}
    >
      <SaleFields />
    </ContentEdit>
  )
}

function EditPreview() {
  return <SalePreview record={useRecordContext<StaffFlashSale>()} />
}

function SaleFacts() {
  const r = useRecordContext<StaffFlashSale>()
  const translate = useTranslate()
  if (!r) return null
  return (
    <Typography variant='body2'>
      {translate('resources.flash-sales.facts', {
        product: `${r.productTitle} (${r.catalogNumber})`,
        sold: r.soldQty,
        remain: r.remainQty,
      })}
    </Typography>
  )
}

function SaleFields({ creating, onProduct }: { creating?: boolean; onProduct?: (p: PickedProduct) => void }) {
  const translate = useTranslate()
  const running = useRecordContext<StaffFlashSale>()?.state === 'running' && !creating
  const f = (name: string) => translate(`resources.flash-sales.fields.${name}`)
  const row = FORM_ROW
  return (
    <Box sx={{ width: '100%' }}>
      <FormHeading>{translate('resources.flash-sales.productHeading')}</FormHeading>
      <Box sx={row}>
        <SelectInput
          source='country'
          label={f('country')}
          choices={[
            { id: 'cn', name: translate('resources.flash-sales.countries.cn') },
            { id: 'in', name: translate('resources.flash-sales.countries.in') },
          ]}
          disabled={!creating}
          helperText={creating ? translate('resources.flash-sales.countryHelp') : false}
          validate={required()}
        />
        {creating ? (
          <ProductPicker onProduct={onProduct} />
        ) : (
          <TextInput source='catalogNumber' label={f('catalogNumber')} disabled helperText={false} />
        )}
      </Box>
      <FormHeading>{translate('resources.flash-sales.priceHeading')}</FormHeading>
      <Box sx={row}>
        <NumberInput
          source='flashPrice'
          label={f('flashPrice')}
          min={0.01}
          step={0.01}
          helperText={translate('resources.flash-sales.flashPriceHelp')}
          required
        />
        <NumberInput
          source='totalQty'
          label={f('totalQty')}
          min={1}
          step={1}
          helperText={translate('resources.flash-sales.totalQtyHelp')}
          required
        />
      </Box>
      <FormHeading>{translate('admin.marketing.window')}</FormHeading>
      <Box sx={row}>
        {running ? (
          <RunningStart />
        ) : (
          <CountryDateTimeInput source='startAt' label={f('startAt')} countryField='country' seconds required />
        )}
        <CountryDateTimeInput source='endAt' label={f('endAt')} countryField='country' seconds required />
      </Box>
      <FormHeading>{translate('resources.flash-sales.limitsHeading')}</FormHeading>
      <Box sx={formRow(3)}>
        <NumberInput source='minOrderQty' label={f('minOrderQty')} min={1} max={999} step={1} required />
        <NumberInput source='maxOrderQty' label={f('maxOrderQty')} min={1} max={999} step={1} required />
        <NumberInput source='accountPurchaseLimitQty' label={f('accountPurchaseLimitQty')} min={1} step={1} required />
      </Box>
      <Typography variant='body2' color='text.secondary' sx={{ mb: 1 }}>
        {translate('resources.flash-sales.limitsHelp')}
      </Typography>
      <Box sx={row}>
        <SelectInput
          source='deliveryChannel'
          label={f('deliveryChannel')}
          choices={[
            { id: 'TFS', name: translate('resources.flash-sales.channels.TFS') },
            { id: 'SC', name: translate('resources.flash-sales.channels.SC') },
          ]}
          helperText={false}
        />
        <TextInput source='coupon' label={f('coupon')} helperText={translate('resources.flash-sales.couponHelp')} />
        <SortOrderInput label={f('sortOrder')} />
      </Box>
    </Box>
  )
}

/** a running sale's start, which cannot move: said, not an input */
function RunningStart() {
  const r = useRecordContext<StaffFlashSale>()
  const translate = useTranslate()
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography variant='caption' color='text.secondary' component='p'>
        {translate('resources.flash-sales.fields.startAt')}
      </Typography>
      <Typography variant='body1'>{countryDateTime(r?.startAt, r?.country)}</Typography>
      <Typography variant='caption' component='p'>
        {translate('resources.flash-sales.startRunningHelp')}
      </Typography>
    </Box>
  )
}

/**
 * The sale's product: a search of the catalogue (GET /admin/products, catalogue.read) by catalogue number, SKU or
 * title; a catalogue number can also be typed as it is (the body takes the catalogue number).
 */
function ProductPicker({ onProduct }: { onProduct?: (p: PickedProduct) => void }) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const { field, fieldState } = useInput({
    source: 'catalogNumber',
    validate: (v: unknown) => (v ? undefined : 'ra.validation.required'),
  })
  const [text, setText] = useState<string>(String(field.value ?? ''))
  const [options, setOptions] = useState<AdminProduct[]>([])
  useEffect(() => {
    const q = text.trim()
    if (q.length < 2) return setOptions([])
    let live = true
    const t = setTimeout(() => {
      adminCall('adminProducts', { query: { q, pageSize: 20 } })
        .then((page) => live && setOptions(page.items))
        .catch(() => live && setOptions([]))
    }, 300)
    return () => {
      live = false
      clearTimeout(t)
    }
  }, [text])
  const pick = (p: AdminProduct | string | null) => {
    if (p === null) {
      field.onChange('')
      onProduct?.(null)
      return
    }
    if (typeof p === 'string') {
      field.onChange(p.trim())
      const known = options.find((o) => o.catalogNumber === p.trim())
      onProduct?.(known ? productOf(known) : null)
      return
    }
    field.onChange(p.catalogNumber)
    onProduct?.(productOf(p))
  }
  const country = useWatch({ name: 'country' }) as string | undefined
  const productOf = (p: AdminProduct) => ({
    title: locale === 'zh' ? p.titleZh : p.titleEn,
    listPrice: country === 'in' ? p.listPriceInr : p.listPriceCny,
  })
  // a catalogue number typed in full: the product it names, once the search has answered
  useEffect(() => {
    const known = options.find((o) => o.catalogNumber === String(field.value ?? '').trim())
    if (known) onProduct?.(productOf(known))
  }, [options])
  const error = fieldState.error?.message
  return (
    <Autocomplete<AdminProduct, false, false, true>
      freeSolo
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.catalogNumber)}
      inputValue={text}
      onInputChange={(_, v, reason) => {
        setText(v)
        if (reason === 'input') pick(v)
      }}
      onChange={(_, v) => pick(v)}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          <Box>
            <Typography variant='body2'>
              {o.catalogNumber} · {locale === 'zh' ? o.titleZh : o.titleEn}
            </Typography>
            <Typography variant='caption' color='text.secondary'>
              {o.size} · {money(o.listPriceCny, 'CNY', locale)} ·{' '}
              {translate(`resources.flash-sales.salesStatus.${o.salesStatus}`)}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <MuiTextField
          {...params}
          name={field.name}
          label={translate('resources.flash-sales.fields.catalogNumber')}
          required
          error={!!error}
          helperText={error ? translate(error, { _: error }) : translate('resources.flash-sales.productHelp')}
          onBlur={field.onBlur}
        />
      )}
      sx={{ mb: 2.5 }}
    />
  )
}
