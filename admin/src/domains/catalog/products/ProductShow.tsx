import type { ReactNode } from 'react'
import {
  Box,
  Card,
  LinearProgress,
  Link,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { Link as RouterLink } from 'react-router-dom'
import { Show, useLocaleState, useRecordContext, useTranslate } from 'react-admin'
import type { AdminProductDetail } from '../../../../../types/catalog/staff-endpoints'
import { countryDateTime, money } from '../../../format'
import { Facts } from '../../../components/Facts'
import { priceOrRequest } from './ProductList'

/** One product (GET /admin/products/:id): its data, its family's sizes, account prices and stock by location. */
export function ProductShow() {
  return (
    <Show actions={false}>
      <ProductDetail />
    </Show>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component='section' sx={{ display: 'grid', gap: 1 }}>
      <Typography component='h2' variant='h6'>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

function SimpleTable({ caption, head, rows }: { caption: string; head: ReactNode[]; rows: ReactNode[][] }) {
  const translate = useTranslate()
  return (
    <TableContainer component={Card} variant='outlined' sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size='small' aria-label={caption}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={i}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={head.length}>{translate('admin.common.none')}</TableCell>
            </TableRow>
          ) : (
            rows.map((r, i) => (
              <TableRow key={i}>
                {r.map((c, j) => (
                  <TableCell key={j}>{c}</TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  )
}

function ProductDetail() {
  const p = useRecordContext<AdminProductDetail>()
  const translate = useTranslate()
  const [locale] = useLocaleState()
  // a record from the list (react-admin shows it while the detail loads) has no sizes, prices or stock yet
  if (!p?.sizes) return <LinearProgress aria-label={translate('ra.page.loading')} />
  const f = (name: string) => translate(`resources.products.fields.${name}`)
  return (
    <CardContent sx={{ display: 'grid', gap: 3 }}>
      <Typography component='h1' variant='h5'>
        {p.catalogNumber} · {locale === 'zh' ? p.titleZh : p.titleEn}
      </Typography>
      <Facts
        rows={[
          ['resources.products.fields.sku', p.sku],
          ['resources.products.fields.titleEn', <span lang='en'>{p.titleEn}</span>],
          ['resources.products.fields.titleZh', <span lang='zh'>{p.titleZh}</span>],
          ['resources.products.fields.size', p.size],
          ['resources.products.fields.brand', p.brand],
          ['resources.products.fields.category', locale === 'zh' ? p.category.nameZh : p.category.nameEn],
          ['resources.products.fields.listPriceCny', priceOrRequest(p.listPriceCny, 'CNY', locale, translate)],
          ['resources.products.fields.listPriceInr', priceOrRequest(p.listPriceInr, 'INR', locale, translate)],
          ['resources.products.fields.salesStatus', translate(`resources.products.salesStatus.${p.salesStatus}`)],
        ]}
      />
      <Section title={translate('resources.products.sizes')}>
        <SimpleTable
          caption={translate('resources.products.sizes')}
          head={[f('catalogNumber'), f('sku'), f('size'), f('listPriceCny'), f('listPriceInr')]}
          rows={p.sizes.map((s) => [
            s.id === p.id ? (
              <strong>{s.catalogNumber}</strong>
            ) : (
              <Link component={RouterLink} to={`/products/${s.id}/show`}>
                {s.catalogNumber}
              </Link>
            ),
            s.sku,
            s.size,
            priceOrRequest(s.listPriceCny, 'CNY', locale, translate),
            priceOrRequest(s.listPriceInr, 'INR', locale, translate),
          ])}
        />
      </Section>
      <Section title={translate('resources.products.accountPrices')}>
        <SimpleTable
          caption={translate('resources.products.accountPrices')}
          head={[f('accountNumber'), f('accountName'), f('priceType'), f('price')]}
          rows={p.accountPrices.map((a) => [
            a.accountNumber ?? '—',
            a.accountName,
            translate(`resources.products.priceType.${a.priceType}`),
            money(a.price, a.currency, locale),
          ])}
        />
        {p.accountPricesTotal > p.accountPrices.length && (
          <Typography variant='body2' color='text.secondary'>
            {translate('resources.products.accountPricesMore', {
              shown: p.accountPrices.length,
              total: p.accountPricesTotal,
            })}
          </Typography>
        )}
      </Section>
      <Section title={translate('resources.products.stockByLocation')}>
        <SimpleTable
          caption={translate('resources.products.stockByLocation')}
          head={[f('location'), f('locationKind'), f('quantity'), f('updatedAt')]}
          rows={p.stockByLocation.map((s) => [
            s.kind === 'central'
              ? translate('resources.products.centralWarehouse')
              : s.nameEn
                ? `${locale === 'zh' ? s.nameZh : s.nameEn} (${s.location})`
                : s.location,
            translate(`resources.products.locationKind.${s.kind}`),
            s.quantity,
            countryDateTime(s.updatedAt, 'cn'),
          ])}
        />
      </Section>
    </CardContent>
  )
}
