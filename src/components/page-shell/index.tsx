import { useEffect, type ReactNode } from 'react'
import { View } from '@tarojs/components'
import { useDidShow, useRouter } from '@tarojs/taro'
import { useTracking } from '../../store/tracking'
import { flushPendingToast } from '../../store/toast'
import Header, { type HeaderProps } from '../header'
import Footer from '../footer'
import SignInPopup from '../sign-in-popup'
import type { FooterItem } from '../../rules/footer'
import './index.scss'

/** Header + content (+ footer on tab pages). Every page renders inside one. */
export default function PageShell({ header, footer, children }: { header?: HeaderProps; footer?: FooterItem['key']; children: ReactNode }) {
  useDidShow(() => flushPendingToast())
  // spec section 5: utm_/itm_ parameters a page was opened with are kept for later navigation (every page)
  const { params } = useRouter()
  useEffect(() => { useTracking.getState().capture(params) }, [params])
  return (
    <View className={`page-shell${footer ? ' page-shell--with-footer' : ''}`}>
      <Header {...header} />
      <View className='page-shell__body'>{children}</View>
      {footer && <Footer active={footer} />}
      {/* spec section 2: the sign-in popup, on every page (its rule decides whether it shows) */}
      <SignInPopup />
    </View>
  )
}
