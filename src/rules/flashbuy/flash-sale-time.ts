import type { FlashBuyStatus } from '../../../types/flashbuy'

/**
 * The time line of a flash sale's card (the sale list and the flash-buy submit screen): when a coming sale
 * starts, when a running one ends, nothing for an ended one. A coming sale's display text already says when
 * it starts ("Starts 28 Nov 10:00"): then the card shows no second start in another format (issue 22: "a
 * coming-soon card shows its start twice in two formats").
 */
export function saleTimeLine(s: {
  flashBuyStatus: FlashBuyStatus
  displayText: string | null | undefined
  startAt: string
  endAt: string
}): { kind: 'starts' | 'ends'; at: string } | null {
  if (s.flashBuyStatus === 'COMING_SOON') return s.displayText?.trim() ? null : { kind: 'starts', at: s.startAt }
  if (s.flashBuyStatus === 'OVER') return null
  return { kind: 'ends', at: s.endAt }
}
