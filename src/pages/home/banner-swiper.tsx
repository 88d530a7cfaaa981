import { Swiper, SwiperItem } from '@tarojs/components'
import type { SpecialColumn } from '../../../types'
import BannerSlide from './banner-slide'

/** Home's banners as a carousel: dots, autoplay, looping from three banners on. */
export default function BannerSwiper({ columns }: { columns: SpecialColumn[] }) {
  if (!columns.length) return null
  return (
    <Swiper
      className='home-banners'
      indicatorDots={columns.length > 1}
      indicatorActiveColor='#ffffff'
      indicatorColor='rgba(255,255,255,0.45)'
      autoplay={columns.length > 1}
      interval={5000}
      circular={columns.length > 2}
    >
      {columns.map((c, i) => (
        <SwiperItem key={c.id}>
          <BannerSlide column={c} index={i} />
        </SwiperItem>
      ))}
    </Swiper>
  )
}
