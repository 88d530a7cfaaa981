import { latestOnly } from '../../src/store/load-state'
import { useArStatement } from '../../src/store/account/ar-statement'
import * as accountApi from '../../src/api/account'
import type { ArStatement } from '../../types'

describe('latestOnly: a slow old answer never overwrites a newer one', () => {
  it('a new load makes the earlier ones stale, and only them', () => {
    const latest = latestOnly()
    const first = latest.start()
    expect(first()).toBe(true)
    const second = latest.start()
    expect(first()).toBe(false)
    expect(second()).toBe(true)
  })

  it('a follow-up (next page) is wanted until a new load starts', () => {
    const latest = latestOnly()
    const load = latest.start()
    const more = latest.follow()
    expect(load()).toBe(true)
    expect(more()).toBe(true)
    latest.start()
    expect(more()).toBe(false)
  })

  it('drop makes every load on its way stale (a reset)', () => {
    const latest = latestOnly()
    const load = latest.start()
    const more = latest.follow()
    latest.drop()
    expect(load()).toBe(false)
    expect(more()).toBe(false)
  })

  it('two guards do not see each other', () => {
    const a = latestOnly()
    const b = latestOnly()
    const fromA = a.start()
    b.start()
    b.drop()
    expect(fromA()).toBe(true)
  })
})

describe('a store on the guard: the AR statement', () => {
  afterEach(() => jest.restoreAllMocks())

  it('shows the second period asked for even when the first answer comes last, and names a failure "failed"', async () => {
    const answers: Array<(s: ArStatement) => void> = []
    jest.spyOn(accountApi, 'getArStatement').mockImplementation(() => new Promise((resolve) => answers.push(resolve)))
    const first = useArStatement.getState().load('B1', '2024-01')
    const second = useArStatement.getState().load('B1', '2024-02')
    answers[1]({ period: '2024-02' } as unknown as ArStatement)
    await second
    answers[0]({ period: '2024-01' } as unknown as ArStatement)
    await first
    expect(useArStatement.getState()).toMatchObject({ status: 'ready', statement: { period: '2024-02' } })

    jest.spyOn(accountApi, 'getArStatement').mockRejectedValue(new Error('down'))
    await useArStatement.getState().load('B1', '2024-03')
    expect(useArStatement.getState().status).toBe('failed')
  })
})
