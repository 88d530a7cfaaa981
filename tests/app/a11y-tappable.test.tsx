import { act } from 'react'
import { Button } from '@tarojs/components'
import Tappable, { tapProps } from '../../src/components/tappable'
import Picture from '../../src/components/picture'
import { navigation } from '../../src/platform/navigation'
import { useLocale } from '../../src/store/locale'
import { openPage, stubApi, waitFor } from './product-api-stub'
import { reactRoot } from './react-root'

/**
 * Issue 8 section 9 (WCAG 2.1 AA): the one shared control everything tappable goes through. On H5 a
 * control is a real button (role, accessible name, Tab focus, Enter/Space like a native button) and
 * a link is a real <a href> with the spec address; pictures carry their text alternative.
 */
const view = reactRoot()
const render = view.render
afterEach(() => jest.restoreAllMocks())
const key = (el: Element, k: string) =>
  el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }))
const click = (el: Element, init: MouseEventInit = {}) =>
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }))

describe('Tappable as a button', () => {
  it('is a focusable button named by its label; a tap, Enter and Space activate it, other keys do not', async () => {
    const onTap = jest.fn()
    await render(
      <Tappable className='x' label='Notifications' onTap={onTap}>
        <span>🔔</span>
      </Tappable>,
    )
    const el = view.host.querySelector('.x')!
    expect(el.getAttribute('role')).toBe('button')
    expect(el.getAttribute('aria-label')).toBe('Notifications')
    expect(el.getAttribute('tabindex')).toBe('0')
    act(() => {
      click(el)
    })
    act(() => {
      key(el, 'Enter')
    })
    act(() => {
      key(el, ' ')
    })
    expect(onTap).toHaveBeenCalledTimes(3)
    act(() => {
      key(el, 'a')
      key(el, 'Tab')
    })
    expect(onTap).toHaveBeenCalledTimes(3)
  })

  it('says its state (a tab is selected, a toggle pressed) and a disabled control does nothing', async () => {
    const onTap = jest.fn()
    await render(
      <>
        <Tappable className='tab' role='tab' selected onTap={onTap}>
          All
        </Tappable>
        <Tappable className='toggle' selected={false} onTap={onTap}>
          Save
        </Tappable>
        <Tappable className='off' disabled onTap={onTap}>
          Buy
        </Tappable>
      </>,
    )
    expect(view.host.querySelector('.tab')!.getAttribute('role')).toBe('tab')
    expect(view.host.querySelector('.tab')!.getAttribute('aria-selected')).toBe('true')
    expect(view.host.querySelector('.toggle')!.getAttribute('aria-pressed')).toBe('false')
    const off = view.host.querySelector('.off')!
    expect(off.getAttribute('aria-disabled')).toBe('true')
    act(() => {
      click(off)
      key(off, 'Enter')
    })
    expect(onTap).not.toHaveBeenCalled()
  })

  it('tapProps turns a Taro Button into a named button reached by Tab', async () => {
    const onTap = jest.fn()
    await render(
      <Button className='login' {...tapProps(onTap)}>
        Log in
      </Button>,
    )
    const el = view.host.querySelector('.login')!
    expect(el.getAttribute('role')).toBe('button')
    expect(el.getAttribute('tabindex')).toBe('0')
    expect(el.textContent).toBe('Log in')
    act(() => {
      key(el, 'Enter')
    })
    expect(onTap).toHaveBeenCalledTimes(1)
  })
})

describe('Tappable as a link', () => {
  it('is an <a href> with the spec address; a plain click opens the page in the app, a ctrl-click is left to the browser', async () => {
    const go = jest.spyOn(navigation, 'go').mockImplementation(() => Promise.resolve() as never)
    await render(
      <Tappable
        className='card'
        to={{
          route: 'productDetails',
          params: { title: 'Anti-CD3', catalogNumber: 'MA1-10175', productPlacement: 'home' },
        }}
      >
        <span>Anti-CD3 antibody</span>
      </Tappable>,
    )
    const a = view.host.querySelector('a.card') as HTMLAnchorElement
    expect(a).not.toBeNull()
    expect(a.getAttribute('href')).toBe('/product-details/Anti-CD3/MA1-10175?productPlacement=home')
    expect(a.textContent).toBe('Anti-CD3 antibody')
    let prevented = false
    act(() => {
      prevented = !click(a)
    })
    expect(prevented).toBe(true)
    expect(go).toHaveBeenCalledWith('productDetails', {
      title: 'Anti-CD3',
      catalogNumber: 'MA1-10175',
      productPlacement: 'home',
    })
    act(() => {
      prevented = !click(a, { ctrlKey: true })
    })
    expect(prevented).toBe(false)
    expect(go).toHaveBeenCalledTimes(1)
  })

  it('marks the current page, and tapping it goes nowhere', async () => {
    const go = jest.spyOn(navigation, 'go').mockImplementation(() => Promise.resolve() as never)
    await render(
      <Tappable className='tab' to={{ route: 'my' }} current>
        My
      </Tappable>,
    )
    const a = view.host.querySelector('a.tab')!
    expect(a.getAttribute('aria-current')).toBe('page')
    expect(a.getAttribute('href')).toBe('/more')
    act(() => {
      click(a)
    })
    expect(go).not.toHaveBeenCalled()
  })
})

describe('Picture', () => {
  it('a product picture says the product; a decorative one has an empty alternative', async () => {
    await render(
      <>
        <Picture className='p' src='/media/products/MA1-10175-150.jpg' alt='Anti-CD3 antibody' />
        <Picture className='d' src='/art.png' alt='' />
      </>,
    )
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50))
    })
    const img = (sel: string) => view.host.querySelector(`${sel} img`) ?? view.host.querySelector(`img${sel}`)
    expect(img('.p')?.getAttribute('alt')).toBe('Anti-CD3 antibody')
    expect(img('.d')?.getAttribute('alt')).toBe('')
  })
})

describe('page shell', () => {
  it('sets <html lang> from the language and a title per page, in both languages', async () => {
    stubApi({ 'GET /sys/dict/config': {}, 'GET /users/info': null })
    useLocale.setState({ language: 'en', country: 'cn' })
    await openPage('packages/catalog/search/index')
    await waitFor(() => document.title === 'Search | Lab Store', `title "${document.title}"`)
    expect(document.documentElement.lang).toBe('en')
    act(() => {
      useLocale.getState().setLanguage('zh')
    })
    await waitFor(() => document.documentElement.lang === 'zh-CN', 'lang zh-CN')
    await waitFor(() => document.title === '搜索 | 实验室商城', `title "${document.title}"`)
  })
})
