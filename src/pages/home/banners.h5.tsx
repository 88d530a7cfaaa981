import { lazy, Suspense, useEffect, useState } from 'react'
import { View } from '@tarojs/components'
import type { SpecialColumn } from '../../../types'
import { afterFirstScreen } from '../../platform/idle'
import { hiddenProps } from '../../platform/a11y'
import BannerSlide from './banner-slide'

// Swiper (the library behind Taro's H5 Swiper) is ~40 KB gzipped: a first frame does not need it.
const BannerSwiper = lazy(() => import(/* webpackChunkName: "home-swiper" */ './banner-swiper'))

/**
 * H5: the banners as a still frame first (the first banner in place, the others beside it off screen,
 * the dots the Swiper will draw), then the Swiper mounted over the same slides after the first screen
 * is idle or at the first touch, so the LCP banner never waits for the carousel's script.
 */
export default function Banners({ columns }: { columns: SpecialColumn[] }) {
  const [live, setLive] = useState(false)
  useEffect(() => (columns.length > 1 ? afterFirstScreen(() => setLive(true)) : undefined), [columns.length])
  if (!columns.length) return null
  const still = <StillBanners columns={columns} />
  if (!live) return still
  return (
    <Suspense fallback={still}>
      <BannerSwiper columns={columns} />
    </Suspense>
  )
}

function StillBanners({ columns }: { columns: SpecialColumn[] }) {
  return (
    <View className='home-banners home-banners--still'>
      <View className='home-banners__track'>
        {columns.map((c, i) => (
          <View key={c.id} className='home-banners__slide'>
            <BannerSlide column={c} index={i} />
          </View>
        ))}
      </View>
      {columns.length > 1 && (
        <View className='home-banners__dots' {...hiddenProps()}>
          {columns.map((c, i) => (
            <View key={c.id} className={`home-banners__dot${i === 0 ? ' home-banners__dot--on' : ''}`} />
          ))}
        </View>
      )}
    </View>
  )
}
