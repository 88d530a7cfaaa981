import { useEffect, useState } from 'react'
import { Link } from '@mui/material'
import { Link as RouterLink } from 'react-router-dom'
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextField as RaTextField,
  TextInput,
  useLocaleState,
  useTranslate,
} from 'react-admin'
import type { AdminProduct } from '../../../../../types/catalog/staff-endpoints'
import type { CategoryNode } from '../../../../../types/catalog'
import { request } from '../../../api/client'
import { money } from '../../../format'

/** Every category (indented under its parent), for the category filter: the buyers' category tree. */
function useCategoryChoices() {
  const [locale] = useLocaleState()
  const [choices, setChoices] = useState<{ id: string; name: string }[]>([])
  useEffect(() => {
    let live = true
    request<CategoryNode[]>('GET', '/category/tree')
      .then((roots) => {
        const out: { id: string; name: string }[] = []
        const walk = (nodes: CategoryNode[], depth: number) =>
          nodes.forEach((n) => {
            out.push({ id: n.code, name: `${'\u00a0\u00a0'.repeat(depth)}${n.name}` })
            walk(n.children ?? [], depth + 1)
          })
        walk(roots, 0)
        if (live) setChoices(out)
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [locale])
  return choices
}

/** Products (GET /admin/products), by catalogue number: search by catalogue number, SKU or title; by category. */
export function ProductList() {
  const translate = useTranslate()
  const [locale] = useLocaleState()
  const categories = useCategoryChoices()
  const filters = [
    <TextInput
      key='q'
      source='q'
      label='resources.products.filters.q'
      helperText={false}
      alwaysOn
      resettable
      sx={{ minWidth: 280 }}
    />,
    <SelectInput
      key='category'
      source='category'
      label='resources.products.fields.category'
      choices={categories}
      emptyText={translate('resources.products.filters.allCategories')}
      helperText={false}
      alwaysOn
      sx={{ minWidth: 220 }}
    />,
  ]
  return (
    <List filters={filters} exporter={false} perPage={25} empty={false} sort={{ field: 'catalogNumber', order: 'ASC' }}>
      <Datagrid bulkActionButtons={false} rowClick='show'>
        <FunctionField<AdminProduct>
          source='catalogNumber'
          sortable={false}
          render={(r) => (
            <Link
              component={RouterLink}
              to={`/products/${r.id}/show`}
              onClick={(e) => e.stopPropagation()}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {r.catalogNumber}
            </Link>
          )}
        />
        <FunctionField<AdminProduct>
          source='title'
          sortable={false}
          render={(r) => (locale === 'zh' ? r.titleZh : r.titleEn)}
        />
        <RaTextField source='size' sortable={false} />
        <FunctionField<AdminProduct>
          source='category'
          sortable={false}
          render={(r) => (locale === 'zh' ? r.category.nameZh : r.category.nameEn)}
        />
        <FunctionField<AdminProduct>
          source='listPriceCny'
          sortable={false}
          textAlign='right'
          render={(r) => priceOrRequest(r.listPriceCny, 'CNY', locale, translate)}
        />
        <FunctionField<AdminProduct>
          source='listPriceInr'
          sortable={false}
          textAlign='right'
          render={(r) => priceOrRequest(r.listPriceInr, 'INR', locale, translate)}
        />
        <FunctionField<AdminProduct> source='stock' sortable={false} textAlign='right' render={(r) => r.stock} />
        <FunctionField<AdminProduct>
          source='salesStatus'
          sortable={false}
          render={(r) => translate(`resources.products.salesStatus.${r.salesStatus}`)}
        />
      </Datagrid>
    </List>
  )
}

export function priceOrRequest(
  amount: number | null,
  currency: 'CNY' | 'INR',
  locale: string,
  translate: (key: string) => string,
): string {
  return amount === null ? translate('resources.products.onRequest') : money(amount, currency, locale)
}
