import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { flushPendingToast } from '../toast'
import Header, { type HeaderProps } from '../header'
import Footer from '../footer'
import type { FooterItem } from '../../rules/footer'
import './index.scss'

/** Header + content (+ footer on tab pages). Every page renders inside one. */
export default function PageShell({ header, footer, children }: { header?: HeaderProps; footer?: FooterItem['key']; children: ReactNode }) {
  useDidShow(() => flushPendingToast())
  return (
    <View className={`page-shell${footer ? ' page-shell--with-footer' : ''}`}>
      <Header {...header} />
      <View className='page-shell__body'>{children}</View>
      {footer && <Footer active={footer} />}
    </View>
  )
}
