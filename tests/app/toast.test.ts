import Taro from '@tarojs/taro'
import { showToast, flushPendingToast } from '../../src/store/toast'

describe('toasts', () => {
  const shown: { title: string; duration: number }[] = []
  beforeEach(() => {
    shown.length = 0
    jest.spyOn(Taro, 'showToast').mockImplementation(((o: { title: string; duration: number }) => {
      shown.push(o)
      return Promise.resolve()
    }) as never)
  })
  afterEach(() => jest.restoreAllMocks())

  it('uses the spec section 9 durations: default 1500 ms, flash-buy 5 s, session 3 s', async () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: {} } as never)
    await showToast('a')
    await showToast('b', 'flashbuy')
    await showToast('c', 'session')
    expect(shown.map((s) => [s.title, s.duration])).toEqual([
      ['a', 1500],
      ['b', 5000],
      ['c', 3000],
    ])
  })

  it('a toast raised before any page is on screen waits for the first page instead of being lost', async () => {
    const current = jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ page: null } as never)
    await showToast('Your session is expired. Please login again', 'session')
    expect(shown).toEqual([])
    current.mockReturnValue({ page: {} } as never)
    flushPendingToast()
    flushPendingToast() // once only
    expect(shown.map((s) => s.title)).toEqual(['Your session is expired. Please login again'])
  })
})
