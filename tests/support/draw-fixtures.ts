/**
 * A lucky-draw activity and a draw's answer shaped by types/membership, for the draws store and the lucky-draw
 * screen tests (tests/app/member-play-store.test.ts, tests/app/member-play-pages.test.tsx).
 */
import type { DrawList, DrawResult } from '../../types/membership'

type Activity = DrawList['activities'][number]

/** the prize a won draw gives: 5 points */
const FIVE_POINTS = { id: 2, slot: 1, kind: 'points', name: '5 points', points: 5, available: true } as const

/** LD-CN-WHEEL, running: 3 draws a day (30 in all) at 10 points each, none drawn yet; "Thanks" or 5 points */
export const luckyWheel = (over: Partial<Activity> = {}): Activity => ({
  id: 'LD-CN-WHEEL',
  kind: 'wheel',
  name: 'Lucky wheel',
  rules: 'r',
  startAt: '2026-11-01T00:00:00Z',
  endAt: '2027-01-01T00:00:00Z',
  status: 'running',
  pointsPerDraw: 10,
  period: 'day',
  periodLimit: 3,
  totalLimit: 30,
  usedInPeriod: 0,
  usedTotal: 0,
  prizes: [{ id: 1, slot: 0, kind: 'none', name: 'Thanks', points: null, available: true }, FIVE_POINTS],
  ...over,
})

/** the server's answer to a draw of LD-CN-WHEEL that won 5 points (the first draw of the day unless `over` says) */
export const wonDraw = (over: Partial<DrawResult> = {}): DrawResult => ({
  drawId: '7',
  activityId: 'LD-CN-WHEEL',
  prize: { ...FIVE_POINTS },
  pointsSpent: 10,
  balance: 35,
  usedInPeriod: 1,
  usedTotal: 1,
  prizeOrder: null,
  replay: false,
  createdAt: '2026-11-23T10:00:00Z',
  ...over,
})
