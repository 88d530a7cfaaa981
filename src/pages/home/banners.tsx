// The mini-program draws the Swiper at once (its swiper is native: no script to load). H5: banners.h5.tsx.
export { default } from './banner-swiper'
