import { useEffect, useRef, type ReactNode } from 'react'
import { View } from '@tarojs/components'
import { useDidHide, useDidShow, useRouter } from '@tarojs/taro'
import { useTracking } from '../../store/engagement/tracking'
import { flushPendingToast } from '../../store/toast'
import { useLocale, useT } from '../../store/locale'
import Header, { type HeaderProps } from '../header'
import Footer from '../footer'
import SignInPopup from '../auth/sign-in-popup'
import type { FooterItem } from '../../rules/platform/footer'
import type { MessageKey } from '../../i18n'
import { routeOfRouterPath } from '../../../types/routes'
import { setDocumentLanguage, setDocumentTitle } from '../../platform/document'
import { ariaProps } from '../../platform/a11y'
import { showSpecAddress } from '../../platform/deep-link'
import './index.scss'

export interface PageShellProps {
  header?: HeaderProps
  footer?: FooterItem['key']
  /** the page's own title (e.g. the product's name); default: the screen's name from the route table */
  title?: string
  children: ReactNode
}

/** Header + content (+ footer on tab pages). Every page renders inside one. */
export default function PageShell({ header, footer, title, children }: PageShellProps) {
  const t = useT()
  const language = useLocale((s) => s.language)
  // spec section 5: utm_/itm_ parameters a page was opened with are kept for later navigation (every page)
  const { params, path } = useRouter()
  useEffect(() => {
    useTracking.getState().capture(params)
  }, [params])
  // WCAG 3.1.1 / 2.4.2: the document's language, and a title per page ("{screen} | Lab Store")
  // the mini-program reports the Taro page path, the H5 router the address (e.g. /more)
  const route = routeOfRouterPath(path)
  const screen = title ?? (route ? t(`screen.${route.name}` as MessageKey) : '')
  const docTitle = screen && screen !== t('app.name') ? `${screen} | ${t('app.name')}` : t('app.name')
  // pages under the one on display stay mounted: only the page on display writes the document
  const shown = useRef(false)
  const applyDocument = () => {
    setDocumentLanguage(language)
    setDocumentTitle(docTitle)
  }
  useEffect(() => {
    if (shown.current) applyDocument()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- applyDocument is made anew each render from these two
  }, [language, docTitle])
  // spec section 2: the address bar shows the spec's path (/my-orders/{orderNumber}), not the router's query form
  useDidShow(() => {
    shown.current = true
    flushPendingToast()
    applyDocument()
    showSpecAddress()
  })
  useDidHide(() => {
    shown.current = false
  })
  return (
    <View className={`page-shell${footer ? ' page-shell--with-footer' : ''}`}>
      <Header {...header} />
      <View className='page-shell__body' {...ariaProps('main')}>
        {children}
      </View>
      {footer && <Footer active={footer} />}
      {/* spec section 2: the sign-in popup, on every page (its rule decides whether it shows) */}
      <SignInPopup />
    </View>
  )
}
