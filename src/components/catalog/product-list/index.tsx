import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { View, Text, Button } from '@tarojs/components'
import Taro, { usePageScroll } from '@tarojs/taro'
import type { ProductSummary } from '../../../../types'
import ProductCard from '../product-card'
import Skeleton from '../../skeleton'
import { formatCount } from '../category-tree/count'
import StatePanel from '../../state-panel'
import { useT } from '../../../store/locale'
import type { LoadState } from '../../../store/load-state'
import { pagesToDraw, sameDraw, WINDOW_FROM_PAGES, type PageBox } from './window'
import { tapProps } from '../../tappable'
import { windowHeight } from '../../../platform/system'
import './index.scss'

let seq = 0

let viewportHeight = 0
function viewport() {
  if (!viewportHeight) {
    viewportHeight = windowHeight()
  }
  return viewportHeight
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

interface PageProps<T extends ProductSummary> {
  items: T[]
  loggedIn: boolean
  placement: string
  compact?: boolean
  extra?: (p: T) => ReactNode
}

const ListPage = memo(function ListPage<T extends ProductSummary>({
  items,
  loggedIn,
  placement,
  compact,
  extra,
}: PageProps<T>) {
  return (
    <>
      {items.map((p) => (
        <ProductCard key={p.catalogNumber} product={p} loggedIn={loggedIn} placement={placement} compact={compact}>
          {extra ? extra(p) : null}
        </ProductCard>
      ))}
    </>
  )
}) as <T extends ProductSummary>(p: PageProps<T>) => JSX.Element

export interface ProductListProps<T extends ProductSummary> {
  items: T[]
  loggedIn: boolean
  /** travels to the product page as productPlacement */
  placement: string
  compact?: boolean
  pageSize?: number
  /** extra lines under a card's price */
  extra?: (p: T) => ReactNode
}

/**
 * A long product list, appended page by page. Each loaded page renders once (memoised); pages far
 * from the screen become empty boxes of their measured height (see ./window.ts).
 */
export default function ProductList<T extends ProductSummary>({
  items,
  loggedIn,
  placement,
  compact,
  pageSize = 20,
  extra,
}: ProductListProps<T>) {
  const uid = useMemo(() => `plist${++seq}`, [])
  const pages = useMemo(() => chunk(items, pageSize), [items, pageSize])
  const boxes = useRef<(PageBox | undefined)[]>([])
  const scrollTop = useRef(0)
  const [draw, setDraw] = useState<Set<number> | null>(null)
  const drawRef = useRef<Set<number> | null>(null)
  const firstId = items[0]?.catalogNumber ?? ''

  const update = () => {
    const next = pagesToDraw(boxes.current, pages.length, scrollTop.current, viewport())
    if (!sameDraw(next, drawRef.current)) {
      drawRef.current = next
      setDraw(next)
    }
  }

  // another list (new query, new language): forget what was measured
  useEffect(() => {
    boxes.current = []
    drawRef.current = null
    setDraw(null)
  }, [firstId, pageSize])

  useEffect(() => {
    if (pages.length < WINDOW_FROM_PAGES) return
    let alive = true
    try {
      Taro.createSelectorQuery()
        .selectAll(`.${uid}`)
        .boundingClientRect()
        .exec((res) => {
          if (!alive) return
          const rects = (res?.[0] ?? []) as Array<{ id?: string; top: number; height: number }>
          for (const r of rects) {
            const i = Number(String(r.id ?? '').split('-p')[1])
            if (Number.isInteger(i) && r.height > 0)
              boxes.current[i] = { top: r.top + scrollTop.current, height: r.height }
          }
          update()
        })
    } catch {
      /* no layout information on this platform: every page stays drawn */
    }
    return () => {
      alive = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pages.length, uid])

  usePageScroll(({ scrollTop: st }) => {
    scrollTop.current = st
    if (pages.length >= WINDOW_FROM_PAGES) update()
  })

  return (
    <View className='product-list'>
      {pages.map((pageItems, i) => {
        const id = `${uid}-p${i}`
        const box = boxes.current[i]
        if (draw && !draw.has(i) && box)
          return (
            <View key={i} id={id} className={`${uid} product-list__spacer`} style={{ height: `${box.height}px` }} />
          )
        return (
          <View key={i} id={id} className={`${uid} product-list__page`}>
            <ListPage items={pageItems} loggedIn={loggedIn} placement={placement} compact={compact} extra={extra} />
          </View>
        )
      })}
    </View>
  )
}

export interface ListFooterProps {
  status: LoadState
  shown: number
  total: number
  onMore: () => void
  onRetry: () => void
  /** extra class on the load-more button */
  moreClassName?: string
  compact?: boolean
  /** say nothing at the end of the list (when the screen already says how many there are) */
  quietEnd?: boolean
}

/** Under a list: skeleton cards while a page loads, a retry on failure, load more, or the end. */
export function ListFooter({
  status,
  shown,
  total,
  onMore,
  onRetry,
  moreClassName = '',
  compact,
  quietEnd,
}: ListFooterProps) {
  const t = useT()
  if (status === 'loading') return <Skeleton variant='card' count={shown ? 1 : 3} compact={compact} />
  if (status === 'failed') {
    return (
      <StatePanel
        block='list-footer'
        error={t('home.loadError')}
        button
        action={{ label: t('home.retry'), onTap: () => (shown ? onMore() : onRetry()) }}
      />
    )
  }
  if (status !== 'ready' || shown === 0 || (quietEnd && shown >= total)) return null
  return (
    <View className='list-footer'>
      {shown < total ? (
        <Button className={`list-footer__button ${moreClassName}`} {...tapProps(onMore)}>
          {t('home.loadMore')} · {t('home.count', { shown: formatCount(shown), total: formatCount(total) })}
        </Button>
      ) : (
        <Text className='list-footer__end'>{t('home.noMore', { total: formatCount(total) })}</Text>
      )}
    </View>
  )
}

export { WINDOW_FROM_PAGES }
