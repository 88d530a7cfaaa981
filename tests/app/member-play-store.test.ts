import type { DrawList } from '../../types/membership'
import { drawRefusalNow, useDraws } from '../../src/store/membership/draws'
import { useInvitations } from '../../src/store/membership/invitations'
import { useTasks } from '../../src/store/membership/tasks'
import { useLocale } from '../../src/store/locale'
import { KEYS } from '../../src/api/auth-token'
import { storage } from '../../src/platform/storage'
import { fakeToken, inSeconds } from '../support/tokens'
import { stubApi, type StubCall } from './product-api-stub'
import { resetDraws } from '../support/store-resets'
import { luckyWheel, wonDraw } from '../support/draw-fixtures'

/**
 * The play stores (issue 13), the API stubbed at Taro.request: the server decides each draw, the store
 * keeps the Idempotency-Key while the answer is unknown (a retry never charges twice) and shows the
 * section 8 text of a refusal's reason.
 */

const list = (): DrawList => ({
  balance: 40,
  activities: [
    luckyWheel({
      id: 'LD-CN-OVER',
      name: 'Autumn wheel',
      startAt: '2026-10-01T00:00:00Z',
      endAt: '2026-11-01T00:00:00Z',
      status: 'over',
      prizes: [],
    }),
    luckyWheel(),
  ],
})
const result = wonDraw
const drawCalls = (calls: StubCall[]) => calls.filter((c) => c.path === '/membership/draws/LD-CN-WHEEL/draw')
const refused = (reason: string, status = 409) => ({
  status,
  body: { success: false, code: 'CONFLICT', message: 'server text', statusCode: status, reason },
})

beforeEach(() => {
  jest.restoreAllMocks()
  storage.set(KEYS.authToken, fakeToken({ sub: 'U-7f3a9c21', exp: inSeconds(3600) }))
  useLocale.setState({ language: 'en' })
  resetDraws()
})

describe('draws store', () => {
  it("selects the first running activity; a draw sends an Idempotency-Key and takes the server's answer (counts, balance)", async () => {
    const calls = stubApi({ 'GET /membership/draws': list(), 'POST /membership/draws/LD-CN-WHEEL/draw': result() })
    await useDraws.getState().load()
    expect(useDraws.getState().selectedId).toBe('LD-CN-WHEEL')
    const r = await useDraws.getState().draw()
    expect(r?.prize.name).toBe('5 points')
    const [call] = drawCalls(calls)
    expect(call.header['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/)
    const s = useDraws.getState()
    expect([s.balance, s.activities[1].usedInPeriod, s.pendingKey]).toEqual([35, 1, null])
  })

  it('an unknown outcome (network, 5xx) keeps the key: the retry sends the same one; a definite answer frees it', async () => {
    let n = 0
    const calls = stubApi({
      'GET /membership/draws': list(),
      'POST /membership/draws/LD-CN-WHEEL/draw': () =>
        ++n === 1
          ? { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'x', statusCode: 503 } }
          : result(),
    })
    await useDraws.getState().load()
    expect(await useDraws.getState().draw()).toBeNull()
    expect(useDraws.getState().pendingKey).not.toBeNull()
    await useDraws.getState().draw()
    const [a, b] = drawCalls(calls)
    expect(b.header['Idempotency-Key']).toBe(a.header['Idempotency-Key'])
    await useDraws.getState().draw()
    expect(drawCalls(calls)[2].header['Idempotency-Key']).not.toBe(a.header['Idempotency-Key'])
  })

  it('before any call, the screen knows what the server would refuse (the same rule): limits reached, points short; a running activity with room draws', () => {
    const wheel = list().activities[1]
    expect(drawRefusalNow(wheel, 40)).toBeNull()
    expect(drawRefusalNow({ ...wheel, usedInPeriod: 3 }, 40)).toBe('DRAW_PERIOD_LIMIT_EXCEEDED')
    expect(drawRefusalNow({ ...wheel, usedTotal: 30, usedInPeriod: 3 }, 40)).toBe('DRAW_LIMIT_EXCEEDED')
    expect(drawRefusalNow(wheel, 9)).toBe('DRAW_NOT_ENOUGH_POINTS')
    // "No prizes left" counts the real prizes only: the thanks-for-taking-part slot never runs out
    expect(
      drawRefusalNow(
        { ...wheel, prizes: wheel.prizes.map((p) => (p.kind === 'none' ? p : { ...p, available: false })) },
        40,
      ),
    ).toBe('DRAW_NO_PRIZES_LEFT')
  })

  it('a refusal shows the section 8 text of its reason', async () => {
    stubApi({
      'GET /membership/draws': list(),
      'POST /membership/draws/LD-CN-WHEEL/draw': refused('DRAW_PERIOD_LIMIT_EXCEEDED'),
    })
    await useDraws.getState().load()
    await useDraws.getState().draw()
    expect(useDraws.getState().refusal).toBe('Exceeded period limit')
    expect(useDraws.getState().pendingKey).toBeNull()
  })
})

describe('tasks and invitations stores', () => {
  it('a claim marks the task done and takes the new balance; a refusal gives its text', async () => {
    stubApi({
      'GET /membership/tasks': {
        balance: 0,
        tasks: [{ code: 'checkin', points: 5, period: 'daily', state: 'claimable', periodKey: '2026-11-23' }],
      },
      'POST /membership/tasks/checkin/claim': {
        code: 'checkin',
        points: 5,
        periodKey: '2026-11-23',
        credited: true,
        balance: 5,
      },
      'POST /membership/tasks/order/claim': refused('TASK_NOT_MET'),
    })
    await useTasks.getState().load()
    expect(await useTasks.getState().claim('checkin')).toEqual({ points: 5 })
    expect(useTasks.getState().list).toEqual({
      balance: 5,
      tasks: [expect.objectContaining({ code: 'checkin', state: 'done' })],
    })
    expect(await useTasks.getState().claim('order')).toEqual({ message: 'This task is not completed yet' })
  })

  it('entering a code: each invitation refusal shows its own section 8 text', async () => {
    const texts: Record<string, string> = {
      INVITE_VERIFICATION_FAILED: 'Verification failed',
      INVITE_ALREADY_PARTICIPATED: 'Already participated',
      INVITE_NOT_NEW_USER: 'Not a new user',
      INVITE_OWN_CODE: 'This is your own code',
      INVITE_ACTIVITY_MISMATCH: 'Code not matching the activity',
      INVITE_CODE_INVALID: 'Code not found or invalid',
      INVITE_USE_LIMIT_EXCEEDED: 'Use limit exceeded',
    }
    for (const [reason, text] of Object.entries(texts)) {
      jest.restoreAllMocks()
      stubApi({
        'POST /membership/invitations/redeem': refused(reason, reason === 'INVITE_CODE_INVALID' ? 404 : 409),
        'GET /membership/invitations': { activities: [] },
      })
      expect(await useInvitations.getState().redeem('INV-CN-01', 'ABCDEFGH')).toEqual({ message: text })
    }
  })
})
