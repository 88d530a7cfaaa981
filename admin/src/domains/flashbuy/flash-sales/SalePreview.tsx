import { useEffect, useState } from 'react'
import { Box, Button, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material'
import { useLocaleState, useTranslate } from 'react-admin'
import { useWatch } from 'react-hook-form'
import type { StaffFlashSale } from '../../../../../types/flashbuy/staff-endpoints'
import {
  CATALOGUE_LABEL,
  SALE_LIST_LABEL,
  flashBuyStatusAt,
  flashQuantityCap,
  isOrderable,
} from '../../../../../types/flashbuy/rules'
import type { FlashBuyStatus } from '../../../../../types/flashbuy/schemas'
import { countryClockFixed, countryOf } from '../../../../../types/country-clock'

/**
 * The storefront's flash-sale card for the sale being edited, as buyers would see it now (and, with the countdown,
 * when it changes). The rules are the storefront's own, imported from types/flashbuy/rules.ts (status from the window
 * and the stock, the sale-list label, the catalogue action, the quantity cap). Two pieces live in the app's src/ (the
 * console imports types/ only), re-created here from the same wording: the card's time line
 * (src/rules/flashbuy/flash-sale-time.ts: a coming sale with a display text shows no second start) and the display
 * text the server writes at the start (server/db/seed/flashbuy.ts flashDisplayText). The buyers' words are the
 * store's (src/i18n/screens/flashbuy.ts and its zh twin), in the language chosen above the card.
 */

const STORE = {
  en: {
    catalogue: {
      inProgress: 'In progress',
      purchaseNow: 'Purchase now',
      comingSoon: 'Coming soon',
      empty: 'Empty',
      expired: 'Expired',
    },
    saleList: { inProgress: 'in progress', soon: 'soon', soldOut: 'sold out', expired: 'expired' },
    left: (n: number) => `${n} left`,
    startsAt: (t: string) => `Starts ${t}`,
    endsAt: (t: string) => `Ends ${t}`,
    catNo: (c: string) => `Cat. No. ${c}`,
    max: (n: number) => `You can buy at most ${n} of this product`,
    min: (n: number) => `The minimum order quantity is ${n}`,
  },
  zh: {
    catalogue: {
      inProgress: '进行中',
      purchaseNow: '立即抢购',
      comingSoon: '即将开始',
      empty: '已抢光',
      expired: '已结束',
    },
    saleList: { inProgress: '进行中', soon: '即将开抢', soldOut: '已售罄', expired: '已过期' },
    left: (n: number) => `剩余 ${n} 件`,
    startsAt: (t: string) => `${t} 开始`,
    endsAt: (t: string) => `${t} 结束`,
    catNo: (c: string) => `货号 ${c}`,
    max: (n: number) => `该产品最多可购买 ${n} 件`,
    min: (n: number) => `最小起订量为 ${n} 件`,
  },
} as const

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** the display text a coming sale shows instead of its price (the server writes it from the start) */
export function displayTextOf(startAt: string, country: string): { en: string; zh: string } {
  const local = countryClockFixed(startAt, country)
  const hhmm = local.format('HH:mm')
  return {
    en: `Starts ${local.date()} ${MONTHS[local.month()]} ${hhmm}`,
    zh: `${local.month() + 1}月${local.date()}日 ${hhmm} 开抢`,
  }
}

const storeMoney = (amount: number, currency: string) =>
  `${currency === 'INR' ? '₹' : '¥'}${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** 93784 s → '1 d 02:03:04' (`day` the unit's word) */
function duration(ms: number, day: string): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const d = Math.floor(s / 86400)
  const hh = String(Math.floor((s % 86400) / 3600)).padStart(2, '0')
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0')
  const ss = String(s % 60).padStart(2, '0')
  return `${d ? `${d} ${day} ` : ''}${hh}:${mm}:${ss}`
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(t)
  }, [])
  return now
}

const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)

export function SalePreview({
  record,
  product,
}: {
  record?: StaffFlashSale
  product?: { title: string; listPrice: number | null } | null
}) {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const [lang, setLang] = useState<'en' | 'zh'>(locale === 'zh' ? 'zh' : 'en')
  const now = useNow()
  const v = useWatch() as Record<string, unknown>
  const country = countryOf(String(v.country ?? record?.country ?? 'cn'))
  const currency = country === 'in' ? 'INR' : 'CNY'
  const startAt = typeof v.startAt === 'string' ? v.startAt : null
  const endAt = typeof v.endAt === 'string' ? v.endAt : null
  const totalQty = num(v.totalQty, record?.totalQty ?? 0)
  const remainQty = record ? Math.max(0, record.remainQty + (totalQty - record.totalQty)) : totalQty
  const catalogNumber = String(v.catalogNumber ?? record?.catalogNumber ?? '')
  const title = product?.title ?? record?.productTitle ?? ''
  const listPrice = product ? product.listPrice : (record?.listPrice ?? null)
  const flashPrice = typeof v.flashPrice === 'number' ? v.flashPrice : null
  const t = STORE[lang]

  if (!startAt || !endAt || Number.isNaN(Date.parse(startAt)) || Number.isNaN(Date.parse(endAt)))
    return (
      <PreviewFrame lang={lang} setLang={setLang}>
        <Typography variant='body2' color='text.secondary'>
          {translate('resources.flash-sales.preview.needWindow')}
        </Typography>
      </PreviewFrame>
    )

  const status: FlashBuyStatus = record?.endedAt ? 'OVER' : flashBuyStatusAt({ startAt, endAt, remainQty }, now)
  const running = isOrderable(status)
  const listLabel = SALE_LIST_LABEL[status]
  const action = running ? t.catalogue.purchaseNow : t.catalogue[CATALOGUE_LABEL[status]]
  const text = displayTextOf(startAt, country)[lang]
  // src/rules/flashbuy/flash-sale-time.ts: a coming sale with its display text shows no second start; an ended one none
  const when =
    status === 'COMING_SOON' || status === 'OVER'
      ? null
      : t.endsAt(countryClockFixed(endAt, country).format('YYYY-MM-DD HH:mm'))
  const cap = flashQuantityCap(
    {
      minOrderQty: num(v.minOrderQty, 1),
      maxOrderQty: num(v.maxOrderQty, 1),
      accountPurchaseLimitQty: num(v.accountPurchaseLimitQty, 1),
      remainQty,
    },
    true,
  ).cap
  const countdown =
    status === 'COMING_SOON'
      ? translate('resources.flash-sales.preview.startsIn', {
          time: duration(Date.parse(startAt) - now, translate('resources.flash-sales.preview.day')),
        })
      : status === 'OVER'
        ? translate('resources.flash-sales.preview.over')
        : translate('resources.flash-sales.preview.endsIn', {
            time: duration(Date.parse(endAt) - now, translate('resources.flash-sales.preview.day')),
          })

  return (
    <PreviewFrame lang={lang} setLang={setLang}>
      <Typography variant='body2' role='status' sx={{ fontWeight: 600 }}>
        {countdown}
      </Typography>
      <Paper
        variant='outlined'
        lang={lang === 'zh' ? 'zh-CN' : 'en'}
        data-testid='sale-preview'
        data-status={status}
        sx={{ p: 1.5, display: 'grid', gap: 0.5, borderRadius: 2 }}
      >
        <Stack direction='row' spacing={1} alignItems='center' sx={{ minWidth: 0 }}>
          <Box
            component='span'
            sx={{
              px: 0.75,
              borderRadius: 1,
              fontSize: 12,
              fontWeight: 600,
              color: '#fff',
              bgcolor: running ? '#b3261e' : status === 'COMING_SOON' ? '#1b5e20' : '#424242',
              whiteSpace: 'nowrap',
            }}
          >
            {t.saleList[listLabel]}
          </Box>
          <Typography variant='body2' sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title || '—'}
          </Typography>
        </Stack>
        <Typography variant='caption' color='text.secondary'>
          {t.catNo(catalogNumber || '—')}
        </Typography>
        <Stack direction='row' spacing={1} alignItems='baseline'>
          {status === 'COMING_SOON' || flashPrice === null ? (
            <Typography variant='body2' sx={{ color: '#1b5e20', fontWeight: 600 }}>
              {status === 'COMING_SOON' ? text : t.catalogue.comingSoon}
            </Typography>
          ) : (
            <Typography variant='h6' component='span' sx={{ color: '#b3261e', fontWeight: 700 }}>
              {storeMoney(flashPrice, currency)}
            </Typography>
          )}
          {status !== 'COMING_SOON' && listPrice !== null && (
            <Typography variant='body2' component='s' color='text.secondary'>
              {storeMoney(listPrice, currency)}
            </Typography>
          )}
        </Stack>
        <Stack direction='row' justifyContent='space-between' alignItems='center' spacing={1}>
          <Box sx={{ display: 'grid' }}>
            {status !== 'COMING_SOON' && status !== 'OVER' && (
              <Typography variant='caption'>{t.left(remainQty)}</Typography>
            )}
            {when && <Typography variant='caption'>{when}</Typography>}
          </Box>
          <Button
            size='small'
            variant='contained'
            tabIndex={-1}
            aria-disabled='true'
            disableRipple
            sx={{
              pointerEvents: 'none',
              bgcolor: running ? '#b3261e' : '#616161',
              color: '#fff',
              boxShadow: 'none',
              whiteSpace: 'nowrap',
              textTransform: 'none',
            }}
          >
            {action}
          </Button>
        </Stack>
      </Paper>
      <Typography variant='subtitle2' component='h3' sx={{ mt: 1 }}>
        {translate('resources.flash-sales.preview.buyScreen')}
      </Typography>
      <Box component='ul' sx={{ m: 0, pl: 2.5 }} lang={lang === 'zh' ? 'zh-CN' : 'en'}>
        <Typography component='li' variant='body2'>
          {t.max(cap)}
        </Typography>
        <Typography component='li' variant='body2'>
          {t.min(num(v.minOrderQty, 1))}
        </Typography>
      </Box>
      <Typography variant='body2' color='text.secondary'>
        {translate('resources.flash-sales.preview.limitNote', { limit: num(v.accountPurchaseLimitQty, 1) })}
      </Typography>
    </PreviewFrame>
  )
}

function PreviewFrame({
  lang,
  setLang,
  children,
}: {
  lang: 'en' | 'zh'
  setLang: (l: 'en' | 'zh') => void
  children: React.ReactNode
}) {
  const translate = useTranslate()
  return (
    <Paper
      component='section'
      aria-labelledby='sale-preview-title'
      variant='outlined'
      sx={{ p: 2, display: 'grid', gap: 1, position: { lg: 'sticky' }, top: { lg: 72 } }}
    >
      <Stack direction='row' justifyContent='space-between' alignItems='center' spacing={1} flexWrap='wrap' useFlexGap>
        <Typography id='sale-preview-title' component='h2' variant='subtitle1' sx={{ fontWeight: 600 }}>
          {translate('resources.flash-sales.preview.title')}
        </Typography>
        <ToggleButtonGroup
          size='small'
          exclusive
          value={lang}
          onChange={(_, l: 'en' | 'zh' | null) => l && setLang(l)}
          aria-label={translate('resources.flash-sales.preview.language')}
        >
          <ToggleButton value='en'>English</ToggleButton>
          <ToggleButton value='zh' lang='zh-CN'>
            中文
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant='body2' color='text.secondary'>
        {translate('resources.flash-sales.preview.help')}
      </Typography>
      {children}
    </Paper>
  )
}
