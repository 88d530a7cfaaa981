import { HEADER_SCROLLED_PX } from '../constants'

/** Spec section 2: "The header becomes 'scrolled' after 10 px of scrolling." */
export const isHeaderScrolled = (scrollTop: number) => scrollTop > HEADER_SCROLLED_PX
