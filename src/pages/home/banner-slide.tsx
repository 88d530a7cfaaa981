import { View, Text } from '@tarojs/components'
import type { SpecialColumn } from '../../../types'
import { isAppRoute, openAppLink } from '../../components/app-link'
import Tappable from '../../components/tappable'
import Picture from '../../components/picture'
import { useT } from '../../store/locale'

/** Marketing images are server paths (/media/...) or absolute URLs. */
export const mediaUrl = (path: string | null) =>
  !path ? null : /^https?:\/\//.test(path) ? path : `${API_BASE_URL}${path}`

/** One banner of Home's carousel (the same element in the Swiper and in H5's still first frame). */
export default function BannerSlide({ column: c, index: i }: { column: SpecialColumn; index: number }) {
  const t = useT()
  const img = mediaUrl(c.image)
  return (
    <Tappable
      className={`home-banner home-banner--${i % 3}`}
      data={{ 'column-id': c.id }}
      to={c.link && isAppRoute(c.link.route) ? { route: c.link.route, params: c.link.params } : undefined}
      onTap={() => openAppLink(c.link)}
    >
      <View className='home-banner__text'>
        {c.kind === 'promotion' && <Text className='home-banner__tag'>{t('browse.home.promotionTag')}</Text>}
        <Text className='home-banner__title'>{c.title}</Text>
        {c.subtitle && <Text className='home-banner__subtitle'>{c.subtitle}</Text>}
      </View>
      {img && (
        <View className='home-banner__art'>
          <Picture className='home-banner__image' src={img} alt='' priority={i === 0} />
        </View>
      )}
    </Tappable>
  )
}
