import { useState } from 'react'
import { View, Text, Input } from '@tarojs/components'
import Taro, { useDidShow, usePageScroll } from '@tarojs/taro'
import { AtIcon } from 'taro-ui'
import { useT, useLocale } from '../../store/locale'
import { useNotifications } from '../../store/account/notifications'
import { isHeaderScrolled } from '../../rules/platform/header'
import { chatLocation, chatProductParams, type ChatProduct } from '../../rules/service/chat'
import { navigation } from '../../platform/navigation'
import Tappable from '../tappable'
import { ariaProps, fieldLabelProps, hiddenProps } from '../../platform/a11y'
import './index.scss'
import { statusBarHeight } from '../../platform/system'

export interface HeaderProps {
  title?: string
  /** show the search bar (placeholder 'search all products', clear button) instead of the search icon */
  searchBar?: boolean
  onSearch?: (keyword: string) => void
  /** a product page passes its product: the chat opens with the product card (spec section 9) */
  chatProduct?: ChatProduct
}

/** The page the chat is opened from (the chat payload's location, spec section 7). */
function currentLocation(): string {
  try {
    const pages = Taro.getCurrentPages()
    const cur = pages[pages.length - 1] as { route?: string; options?: Record<string, string> } | undefined
    return chatLocation(cur?.route, cur?.options ?? {})
  } catch {
    return ''
  }
}

/**
 * Spec section 2 header: back arrow; logo with country badge; optional search bar with clear
 * button; bell with unread dot; search icon; chat icon. 'scrolled' after 10 px of scrolling.
 */
export default function Header({ title, searchBar, onSearch, chatProduct }: HeaderProps) {
  const t = useT()
  const country = useLocale((s) => s.country)
  // spec section 7: "presence of data drives the bell dot"; asked again whenever a page shows (logged-in users only)
  const unread = useNotifications((s) => s.hasUnread)
  useDidShow(() => {
    void useNotifications.getState().refreshUnread()
  })
  const [scrolled, setScrolled] = useState(false)
  const [keyword, setKeyword] = useState('')
  usePageScroll(({ scrollTop }) => {
    const next = isHeaderScrolled(scrollTop)
    if (next !== scrolled) setScrolled(next)
  })
  const canGoBack = navigation.canGoBack()
  const submit = () => {
    const k = keyword.trim()
    if (onSearch) onSearch(k)
    else navigation.go('search', { keyword: k })
  }

  const openChat = () => {
    const from = currentLocation()
    navigation.go('chat', { ...(from ? { from } : {}), ...(chatProduct ? chatProductParams(chatProduct) : {}) })
  }

  return (
    <View
      className={`app-header${scrolled ? ' app-header--scrolled' : ''}`}
      style={{ paddingTop: `${statusBarHeight}px` }}
      {...ariaProps('banner')}
    >
      <View className='app-header__row'>
        {canGoBack && (
          <Tappable
            className='app-header__icon app-header__back'
            label={t('header.back')}
            onTap={() => navigation.back()}
          >
            <AtIcon value='chevron-left' size='22' color='#1f2d3d' />
          </Tappable>
        )}
        <Tappable className='app-header__logo' to={{ route: 'home' }}>
          <Text className='app-header__brand'>{t('app.name')}</Text>
          <Text className='app-header__badge'>{country.toUpperCase()}</Text>
        </Tappable>
        {searchBar ? (
          <View className='app-header__search' {...ariaProps('search')}>
            <View className='app-header__search-icon' {...hiddenProps()}>
              <AtIcon value='search' size='14' color='#8a94a6' />
            </View>
            <Input
              className='app-header__search-input'
              value={keyword}
              placeholder={t('header.searchPlaceholder')}
              {...fieldLabelProps(t('header.searchLabel'))}
              confirmType='search'
              onInput={(e) => setKeyword(e.detail.value)}
              onConfirm={submit}
            />
            {keyword && (
              <Tappable className='app-header__clear' label={t('header.clear')} onTap={() => setKeyword('')}>
                <AtIcon value='close-circle' size='14' color='#6b778c' />
              </Tappable>
            )}
          </View>
        ) : (
          <View className='app-header__title'>{title ? <Text>{title}</Text> : null}</View>
        )}
        <Tappable
          className='app-header__icon app-header__bell'
          to={{ route: 'notification' }}
          label={unread ? `${t('header.notifications')} · ${t('header.unread')}` : t('header.notifications')}
        >
          <AtIcon value='bell' size='20' color='#1f2d3d' />
          {unread && <View className='app-header__dot' />}
        </Tappable>
        {!searchBar && (
          <Tappable className='app-header__icon' to={{ route: 'search' }} label={t('header.search')}>
            <AtIcon value='search' size='20' color='#1f2d3d' />
          </Tappable>
        )}
        <Tappable className='app-header__icon' label={t('header.chat')} onTap={() => openChat()}>
          <AtIcon value='message' size='20' color='#1f2d3d' />
        </Tappable>
      </View>
    </View>
  )
}
