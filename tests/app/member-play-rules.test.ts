import {
  DRAW_REFUSALS,
  drawActivityStatus,
  drawRefusal,
  periodKey,
  pickPrize,
  type DrawCheckInput,
  TASKS,
  taskByCode,
  taskSourceRef,
  taskState,
  INVITE_REFUSALS,
  INVITE_ALPHABET,
  inviteCheckChar,
  inviteCodeShape,
  inviteRefusal,
  isNewUser,
  makeInviteCode,
  maskName,
  normalizeInviteCode,
  type InviteCheckInput,
} from '../../types/membership/play-rules'
import { en, zh } from '../../src/i18n'
import { wheelRotation } from '../../src/store/membership/draws'
import { MY_MENU } from '../../src/pages/my/menu'

/**
 * The play half of issue 13 (types/membership/{draws,tasks,invitations}.ts): each test quotes the
 * sentence it checks. Spec §8 "Lucky draw: not in activity time or not started, no prizes left, not
 * enough points, exceeded draw limit or period limit, black list." and "Invitation: verification
 * failed, already participated, not a new user, own code, code not matching the activity, code not
 * found or invalid, use limit exceeded."
 */

const ok: DrawCheckInput = {
  status: 'running',
  blacklisted: false,
  usedTotal: 0,
  usedInPeriod: 0,
  totalLimit: 10,
  periodLimit: 3,
  realPrizesLeft: 2,
  balance: 100,
  pointsPerDraw: 10,
}

describe('lucky draw checks, in order (spec §8 "Lucky draw: ...")', () => {
  it('lets a member draw when nothing applies', () => {
    expect(drawRefusal(ok)).toBeNull()
  })
  it('"not in activity time or not started": two reasons, from the window', () => {
    const now = new Date('2026-11-23T12:00:00Z')
    expect(
      drawActivityStatus({ startAt: new Date('2026-11-24T00:00:00Z'), endAt: new Date('2026-11-30T00:00:00Z') }, now),
    ).toBe('not_started')
    expect(drawActivityStatus({ startAt: new Date('2026-11-01T00:00:00Z'), endAt: now }, now)).toBe('over')
    expect(drawActivityStatus({ startAt: now, endAt: new Date('2026-11-30T00:00:00Z') }, now)).toBe('running')
    expect(drawRefusal({ ...ok, status: 'not_started' })).toBe('DRAW_NOT_STARTED')
    expect(drawRefusal({ ...ok, status: 'over' })).toBe('DRAW_NOT_IN_TIME')
  })
  it('checks window → black list → draw limit → period limit → no prizes left → not enough points (the first that applies answers)', () => {
    const all: DrawCheckInput = {
      status: 'over',
      blacklisted: true,
      usedTotal: 10,
      usedInPeriod: 3,
      totalLimit: 10,
      periodLimit: 3,
      realPrizesLeft: 0,
      balance: 0,
      pointsPerDraw: 10,
    }
    const seen: string[] = []
    let input = all
    const fixes: Partial<DrawCheckInput>[] = [
      { status: 'running' },
      { blacklisted: false },
      { usedTotal: 5 },
      { usedInPeriod: 1 },
      { realPrizesLeft: 1 },
      { balance: 10 },
    ]
    for (const fix of fixes) {
      seen.push(drawRefusal(input)!)
      input = { ...input, ...fix }
    }
    expect(drawRefusal(input)).toBeNull()
    expect(seen).toEqual([
      'DRAW_NOT_IN_TIME',
      'DRAW_BLACKLISTED',
      'DRAW_LIMIT_EXCEEDED',
      'DRAW_PERIOD_LIMIT_EXCEEDED',
      'DRAW_NO_PRIZES_LEFT',
      'DRAW_NOT_ENOUGH_POINTS',
    ])
  })
  it('"exceeded draw limit or period limit": the limit is reached at the limit, not after it', () => {
    expect(drawRefusal({ ...ok, usedInPeriod: 2 })).toBeNull()
    expect(drawRefusal({ ...ok, usedInPeriod: 3 })).toBe('DRAW_PERIOD_LIMIT_EXCEEDED')
    expect(drawRefusal({ ...ok, usedTotal: 9, usedInPeriod: 0 })).toBeNull()
    expect(drawRefusal({ ...ok, usedTotal: 10, usedInPeriod: 0 })).toBe('DRAW_LIMIT_EXCEEDED')
  })
  it('"not enough points": a balance equal to the cost is enough', () => {
    expect(drawRefusal({ ...ok, balance: 10 })).toBeNull()
    expect(drawRefusal({ ...ok, balance: 9 })).toBe('DRAW_NOT_ENOUGH_POINTS')
  })
  it('every refusal has its own English and Chinese message (the section 8 words)', () => {
    for (const r of DRAW_REFUSALS) {
      expect(en[`play.reason.${r}` as keyof typeof en]).toBeTruthy()
      expect(zh[`play.reason.${r}` as keyof typeof zh]).toBeTruthy()
    }
    expect(en['play.reason.DRAW_NOT_IN_TIME']).toBe('Not in activity time')
    expect(en['play.reason.DRAW_NO_PRIZES_LEFT']).toBe('No prizes left')
    expect(en['play.reason.DRAW_NOT_ENOUGH_POINTS']).toBe('Not enough points')
    expect(en['play.reason.DRAW_LIMIT_EXCEEDED']).toBe('Exceeded draw limit')
    expect(en['play.reason.DRAW_PERIOD_LIMIT_EXCEEDED']).toBe('Exceeded period limit')
    expect(en['play.reason.DRAW_BLACKLISTED']).toMatch(/black list/)
  })
})

describe('the weighted pick (the server decides, with a CSPRNG; tests inject the source)', () => {
  const prizes = [
    { id: 'thanks', weight: 50, stock: null },
    { id: 'mug', weight: 30, stock: 2 },
    { id: 'coat', weight: 20, stock: 0 },
  ]
  it('prize i wins for random values in its share of the total weight of prizes with stock', () => {
    // coat has no stock: the total is 80; [0, 50) thanks, [50, 80) mug
    expect(pickPrize(prizes, () => 0)!.id).toBe('thanks')
    expect(pickPrize(prizes, () => 49)!.id).toBe('thanks')
    expect(pickPrize(prizes, () => 50)!.id).toBe('mug')
    expect(pickPrize(prizes, () => 79)!.id).toBe('mug')
  })
  it('asks the source for a number below the total weight, and refuses a source out of range', () => {
    const asked: number[] = []
    pickPrize(prizes, (n) => {
      asked.push(n)
      return 0
    })
    expect(asked).toEqual([80])
    expect(() => pickPrize(prizes, () => 80)).toThrow()
  })
  it('the odds over every value of the source are exactly the weights', () => {
    const wins: Record<string, number> = {}
    for (let r = 0; r < 80; r++) {
      const p = pickPrize(prizes, () => r)!
      wins[p.id] = (wins[p.id] ?? 0) + 1
    }
    expect(wins).toEqual({ thanks: 50, mug: 30 })
  })
  it('no prize with stock: null', () => {
    expect(pickPrize([{ weight: 1, stock: 0 }], () => 0)).toBeNull()
  })
})

describe('periods (spec §4 "Lucky-draw activity: period limit"; task periods)', () => {
  it("keys a period in the country's business time: a draw at 23:30 UTC is the next day in China", () => {
    const at = new Date('2026-11-23T23:30:00Z')
    expect(periodKey('day', at, 'cn')).toBe('2026-11-24')
    expect(periodKey('day', at, 'in')).toBe('2026-11-24')
    expect(periodKey('day', new Date('2026-11-23T18:00:00Z'), 'in')).toBe('2026-11-23')
    expect(periodKey('month', new Date('2026-11-30T17:00:00Z'), 'cn')).toBe('2026-12')
    expect(periodKey('week', new Date('2026-11-23T04:00:00Z'), 'cn')).toBe('2026-W48')
    expect(periodKey('week', new Date('2027-01-01T04:00:00Z'), 'cn')).toBe('2026-W53')
  })
  it('tasks: each has points and a period (once, daily, monthly); a period is credited once by its ledger reference', () => {
    expect(TASKS.map((t) => [t.code, t.period])).toEqual([
      ['checkin', 'daily'],
      ['persona', 'once'],
      ['shipto', 'once'],
      ['article', 'daily'],
      ['order', 'monthly'],
    ])
    expect(TASKS.every((t) => t.points > 0)).toBe(true)
    expect(taskSourceRef('checkin', '2026-11-23')).toBe('task:checkin:2026-11-23')
    expect(taskSourceRef('persona', 'once')).toBe('task:persona:once')
    expect(taskByCode('nope')).toBeUndefined()
    expect([taskState(true, false), taskState(false, true), taskState(false, false)]).toEqual([
      'done',
      'claimable',
      'todo',
    ])
  })
})

describe('invitation codes (spec §8 "Invitation: ...")', () => {
  it('codes are 7 random characters and a check character, of an alphabet without 0/O/1/I/L', () => {
    let i = 0
    const code = makeInviteCode(() => (i++ * 7) % INVITE_ALPHABET.length)
    expect(code).toMatch(/^[23456789A-HJKMNP-Z]{8}$/)
    expect(code[7]).toBe(inviteCheckChar(code.slice(0, 7)))
    expect(inviteCodeShape(code)).toBe('ok')
    expect(normalizeInviteCode(` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `)).toBe(code)
  })
  it('"verification failed": every single-character typo and every swap of two neighbours breaks the check character', () => {
    const code = makeInviteCode((n) => 3 % n)
    for (let pos = 0; pos < 8; pos++) {
      for (const c of INVITE_ALPHABET) {
        if (c === code[pos]) continue
        const typo = code.slice(0, pos) + c + code.slice(pos + 1)
        expect(inviteCodeShape(typo)).toBe('checksum')
      }
    }
    const body = 'ABCDEFG'
    const good = body + inviteCheckChar(body)
    for (let pos = 0; pos < 6; pos++) {
      const swapped = good.slice(0, pos) + good[pos + 1] + good[pos] + good.slice(pos + 2)
      expect(inviteCodeShape(swapped)).toBe('checksum')
    }
  })
  it('"code not found or invalid": malformed codes', () => {
    expect(inviteCodeShape('ABC')).toBe('malformed')
    expect(inviteCodeShape('ABCDEFG0')).toBe('malformed')
  })
  it('"not a new user": a NEW USER is a member whose account has never placed an order and who has not entered an invitation code before', () => {
    expect(isNewUser({ accountOrders: 0, codesEnteredBefore: 0 })).toBe(true)
    expect(isNewUser({ accountOrders: 1, codesEnteredBefore: 0 })).toBe(false)
    expect(isNewUser({ accountOrders: 0, codesEnteredBefore: 1 })).toBe(false)
  })
  it('checks in order: invalid → verification failed → own code → activity mismatch → already participated → not a new user → use limit exceeded', () => {
    let input: InviteCheckInput = {
      shape: 'malformed',
      code: { ownerId: 'me', activityId: 'B', uses: 5 },
      activityRunning: true,
      inviteeId: 'me',
      activityId: 'A',
      alreadyInActivity: true,
      newUser: false,
      useLimit: 5,
    }
    const fixes: Partial<InviteCheckInput>[] = [
      { shape: 'checksum' },
      { shape: 'ok' },
      { code: { ownerId: 'you', activityId: 'B', uses: 5 } },
      { code: { ownerId: 'you', activityId: 'A', uses: 5 } },
      { alreadyInActivity: false },
      { newUser: true },
      { code: { ownerId: 'you', activityId: 'A', uses: 4 } },
    ]
    const seen: (string | null)[] = []
    for (const fix of fixes) {
      seen.push(inviteRefusal(input))
      input = { ...input, ...fix }
    }
    seen.push(inviteRefusal(input))
    expect(seen).toEqual([
      'INVITE_CODE_INVALID',
      'INVITE_VERIFICATION_FAILED',
      'INVITE_OWN_CODE',
      'INVITE_ACTIVITY_MISMATCH',
      'INVITE_ALREADY_PARTICIPATED',
      'INVITE_NOT_NEW_USER',
      'INVITE_USE_LIMIT_EXCEEDED',
      null,
    ])
    expect(inviteRefusal({ ...input, code: null })).toBe('INVITE_CODE_INVALID')
    expect(inviteRefusal({ ...input, activityRunning: false })).toBe('INVITE_CODE_INVALID')
  })
  it('every refusal has its own message, the section 8 words', () => {
    for (const r of INVITE_REFUSALS) {
      expect(en[`play.reason.${r}` as keyof typeof en]).toBeTruthy()
      expect(zh[`play.reason.${r}` as keyof typeof zh]).toBeTruthy()
    }
    expect(new Set(INVITE_REFUSALS.map((r) => en[`play.reason.${r}` as keyof typeof en])).size).toBe(
      INVITE_REFUSALS.length,
    )
    expect(en['play.reason.INVITE_VERIFICATION_FAILED']).toBe('Verification failed')
    expect(en['play.reason.INVITE_ALREADY_PARTICIPATED']).toBe('Already participated')
    expect(en['play.reason.INVITE_NOT_NEW_USER']).toBe('Not a new user')
    expect(en['play.reason.INVITE_ACTIVITY_MISMATCH']).toBe('Code not matching the activity')
    expect(en['play.reason.INVITE_CODE_INVALID']).toBe('Code not found or invalid')
    expect(en['play.reason.INVITE_USE_LIMIT_EXCEEDED']).toBe('Use limit exceeded')
  })
  // issue 22: "the invited colleague's name masked as 洋***刘 (family name first; a two-character name must not be fully shown)"
  it('names in the invited list are masked: a Chinese name family name first, its given name hidden; never a name shown whole', () => {
    // [given name, family name, as shown]
    for (const [given, family, shown] of [
      ['Lin', 'Chen', 'L***n'],
      ['洋', '刘', '刘*'],
      ['小明', '王', '王**'],
      ['娜娜', '欧阳', '欧阳**'],
      ['', '王', '王*'],
      ['Al', '', 'A*'],
      ['', '', '***'],
    ])
      expect(maskName(given, family)).toBe(shown)
    for (const [f, l] of [
      ['洋', '刘'],
      ['Al', ''],
      ['Jo', 'Li'],
      ['静', '陈'],
    ]) {
      const shown = maskName(f, l).replace(/\*/g, '')
      expect([f, l, shown.length < Array.from(`${l}${f}`.replace(/\s/g, '')).length]).toEqual([f, l, true])
    }
  })
})

describe("the wheel shows the server's prize", () => {
  it("stops with the returned segment's centre under the pointer at the top, after whole turns, always forward", () => {
    for (const count of [4, 6, 8]) {
      for (let slot = 0; slot < count; slot++) {
        const r = wheelRotation(0, slot, count)
        const seg = 360 / count
        // the segment's centre (slot * seg + seg / 2, clockwise from the top) lands at 0 (mod 360)
        expect((((slot * seg + seg / 2 + r) % 360) + 360) % 360).toBeCloseTo(0)
        expect(r).toBeGreaterThanOrEqual(5 * 360)
        const next = wheelRotation(r, (slot + 1) % count, count)
        expect(next).toBeGreaterThan(r)
      }
    }
  })
})

describe('My menu (issue 13 play half)', () => {
  it('the profile tabs referral, earn points by tasks and my interaction history open their screens', () => {
    const route = (k: string) => MY_MENU.find((e) => e.key === k)!.route
    expect([route('referral'), route('earnPoints'), route('interactionHistory')]).toEqual([
      'referral',
      'earnPoints',
      'interactionHistory',
    ])
  })
})
