import { Box, Typography } from '@mui/material'
import { FunctionField, SelectInput, TextInput, useLocaleState, required, useTranslate } from 'react-admin'
import { useWatch } from 'react-hook-form'
import type { ChangeBanner, CreateBanner, StaffBanner } from '../../../../../types/marketing/staff-schemas'
import { ROUTES } from '../../../../../types/routes'
import { adminCall } from '../../../api/client'
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
import { BilingualInput, CountryDateTimeInput, FORM_ROW, FormHeading, SortOrderInput } from '../common/inputs'

/** routes a banner may not open (server/domains/marketing/staff/banners.ts NOT_LINKABLE) */
const NOT_LINKABLE = new Set(['loginCallback', 'wechatLogin', 'orderConfirm'])
const LINKABLE = ROUTES.filter((r) => !NOT_LINKABLE.has(r.name))
const paramsOf = (route: string | undefined) =>
  [...(ROUTES.find((r) => r.name === route)?.path ?? '').matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])

/** Home's banners (GET /admin/banners, content.manage). */
export function BannerList() {
  return (
    <StateList empty='resources.banners.empty'>
      <BilingualField source='title' sortable={false} />
      <FunctionField<StaffBanner>
        source='link'
        sortable={false}
        render={(r) => [r.link.route, ...Object.entries(r.link.params).map(([k, v]) => `${k}=${v}`)].join(' · ')}
      />
      <WindowField source='startAt' end='endAt' sortable={false} />
      <FunctionField<StaffBanner> source='sortOrder' sortable={false} render={(r) => r.sortOrder} />
      <FunctionField<StaffBanner> source='state' sortable={false} render={(r) => <StateChip state={r.state} />} />
    </StateList>
  )
}

function toBody(v: Record<string, unknown>): CreateBanner {
  const image = typeof v.image === 'string' ? v.image.trim() : ''
  const link = (v.link ?? {}) as { route?: string; params?: Record<string, string> }
  const names = paramsOf(link.route)
  const params = Object.fromEntries(
    names.map((n) => [n, String(link.params?.[n] ?? '').trim()]).filter(([, x]) => x),
  ) as Record<string, string>
  const sub = (v.subtitle ?? {}) as { en?: string; zh?: string }
  return {
    title: v.title as { en: string; zh: string },
    subtitle: { en: sub.en ?? '', zh: sub.zh ?? '' },
    image: image || null,
    link: { route: link.route ?? '', params },
    startAt: String(v.startAt ?? ''),
    endAt: String(v.endAt ?? ''),
    sortOrder: Number(v.sortOrder ?? 0),
  }
}

export function BannerCreate() {
  const { start, end } = newWindow(14)
  return (
    <ContentCreate<CreateBanner>
      prefix='resources.banners'
      toBody={toBody}
      create={(body) => adminCall('bannerCreate', { body })}
      defaultValues={{
        subtitle: { en: '', zh: '' },
        link: { route: 'home', params: {} },
        startAt: start,
        endAt: end,
        sortOrder: 0,
      }}
      aside={<BannerPreview />}
    >
      <BannerFields />
    </ContentCreate>
  )
}

export function BannerEdit() {
  return (
    <ContentEdit<CreateBanner>
      prefix='resources.banners'
      onEnd={(id) => adminCall('bannerEnd', { params: { id } })}
      toBody={toBody}
      change={(id, body) => adminCall('bannerChange', { params: { id }, body: body as ChangeBanner })}
      aside={<BannerPreview />}
    >
      <BannerFields />
    </ContentEdit>
  )
}

function BannerFields() {
  const translate = useTranslate()
  const f = (name: string) => translate(`resources.banners.fields.${name}`)
  const route = useWatch({ name: 'link.route' }) as string | undefined
  const row = FORM_ROW
  return (
    <Box sx={{ width: '100%' }}>
      <FormHeading>{translate('admin.marketing.texts')}</FormHeading>
      <BilingualInput
        source='title'
        label='resources.banners.fields.title'
        required
        helperText={translate('resources.banners.titleHelp')}
      />
      <BilingualInput source='subtitle' label='resources.banners.fields.subtitle' />
      <TextInput source='image' label={f('image')} helperText={translate('resources.banners.imageHelp')} fullWidth />
      <FormHeading>{translate('resources.banners.linkHeading')}</FormHeading>
      <Box sx={row}>
        <SelectInput
          source='link.route'
          label={f('route')}
          choices={LINKABLE.map((r) => ({ id: r.name, name: `${r.name} (${r.path})` }))}
          helperText={translate('resources.banners.routeHelp')}
          validate={required()}
        />
        <Box>
          {paramsOf(route).map((p) => (
            <TextInput
              key={`${route}-${p}`}
              source={`link.params.${p}`}
              label={translate('resources.banners.param', { name: p })}
              required
              helperText={false}
              fullWidth
            />
          ))}
        </Box>
      </Box>
      <FormHeading>{translate('admin.marketing.window')}</FormHeading>
      <Box sx={row}>
        <CountryDateTimeInput source='startAt' label={f('startAt')} required />
        <CountryDateTimeInput source='endAt' label={f('endAt')} required />
      </Box>
      <SortOrderInput label={f('sortOrder')} />
    </Box>
  )
}

/** the banner's slide as Home shows it: the picture (decorative there) under its title and subtitle */
function BannerPreview() {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const v = useWatch() as {
    title?: { en?: string; zh?: string }
    subtitle?: { en?: string; zh?: string }
    image?: string
  }
  const lang = locale === 'zh' ? 'zh' : 'en'
  const image = typeof v.image === 'string' && v.image.startsWith('/media/') ? v.image : null
  return (
    <AsideSection id='banner-preview-title' title={translate('resources.banners.preview')}>
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '750 / 320',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: '#263238',
          color: '#fff',
        }}
      >
        {image && (
          <Box
            component='img'
            src={image}
            alt={v.title?.[lang] ?? ''}
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: 0.55 }}
          />
        )}
        <Box sx={{ position: 'absolute', left: 16, bottom: 12, right: 16 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{v.title?.[lang] || '—'}</Typography>
          <Typography variant='body2' sx={{ overflowWrap: 'anywhere' }}>
            {v.subtitle?.[lang] ?? ''}
          </Typography>
        </Box>
      </Box>
      <Typography variant='body2' color='text.secondary'>
        {translate('resources.banners.altNote')}
      </Typography>
    </AsideSection>
  )
}
