// mini-program: the templates' aria-role / aria-label attributes, known before the first render
import './platform/template-attributes'
import { useEffect, type PropsWithChildren } from 'react'
import { useError, useUnhandledRejection } from '@tarojs/taro'
import { AtIcon } from 'taro-ui'
import { openSpecAddress } from './platform/deep-link'
import { useLocale } from './store/locale'
// H5: waits for the active language's catalogue before the app starts (store/catalogues.h5.ts)
import './store/catalogues'
import { useSession } from './store/auth/session'
import { useConfig } from './store/platform/config'
import { startTrackingCapture } from './store/engagement/tracking'
import { startAccountTasks } from './store/account/launch'
import './app.scss'

// taro-ui's icon merges its style with customStyle, default '' — which turns the style into a CSS
// string. Taro's React components for H5 (config h5.useHtmlComponents) take style objects only, as React
// does; an empty object keeps the merged style an object (the mini-program takes either).
AtIcon.defaultProps = { ...AtIcon.defaultProps, customStyle: {} }

// H5: spec addresses with path parameters are opened before the router reads the location.
openSpecAddress()
// spec section 5: keep the entry address's utm_/itm_ parameters for later navigation
startTrackingCapture()
// spec section 4: after the user is fetched, the supply-centre lookup (FETCHING_SP_CENTER → SP_CENTER_FETCHED);
// and the merge of the anonymous browsing history after login
startAccountTasks()

function App({ children }: PropsWithChildren) {
  const country = useLocale((s) => s.country)

  useEffect(() => {
    useSession.getState().fetchUser()
  }, [])

  useEffect(() => {
    useConfig.getState().load(country)
  }, [country])

  // Spec section 8: "A global handler swallows uncaught errors after logging."
  useError((err) => console.error('[app] uncaught', err))
  useUnhandledRejection((res) => console.error('[app] unhandled rejection', res?.reason))

  return children
}

export default App
