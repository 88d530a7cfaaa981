import { formatAmount } from '../../../rules/format'

/** A count with thousands grouping (zh-CN style, as prices are): 6000 -> 6,000. */
export const formatCount = (n: number) => formatAmount(n).replace(/\.\d+$/, '')
