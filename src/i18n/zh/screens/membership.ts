import { membershipGiftsZh } from './membership-gifts'
import { membershipPlayZh } from './membership-play'

export const membershipZh = { ...membershipGiftsZh, ...membershipPlayZh }
