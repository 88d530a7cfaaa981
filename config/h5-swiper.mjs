// H5 build only (config/index.ts aliases `swiper/bundle` here): Taro's React Swiper imports the whole
// swiper bundle (every module: zoom, virtual, effects, thumbs, ...), of which it uses pagination and
// autoplay. The core plus those (and a11y, which the bundle also switched on: slide and dot labels)
// is about half the bytes.
import Swiper from 'swiper'
import { A11y, Autoplay, Pagination } from 'swiper/modules'

Swiper.use([Pagination, Autoplay, A11y])

export default Swiper
