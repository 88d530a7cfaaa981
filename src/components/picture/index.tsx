import { Image } from '@tarojs/components'
import { imageProps } from '../../platform/a11y'

export interface PictureProps {
  src: string
  /** what the picture says (a product's name); '' for a decorative picture, which readers skip */
  alt: string
  className?: string
  mode?: 'aspectFit' | 'aspectFill' | 'widthFix' | 'scaleToFill'
  lazyLoad?: boolean
  /** the first screen's largest picture (Home's first banner): fetched first, never lazily */
  priority?: boolean
}

/** An image with its text alternative (WCAG 1.1.1). Every picture of the app goes through here. */
export default function Picture({ src, alt, className, mode = 'aspectFit', lazyLoad, priority }: PictureProps) {
  return <Image className={className} mode={mode} lazyLoad={lazyLoad} src={src} {...imageProps(alt, { priority })} />
}
