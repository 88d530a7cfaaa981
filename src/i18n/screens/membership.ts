import { membershipGiftsEn } from './membership-gifts'
import { membershipPlayEn } from './membership-play'

/** Messages of the membership subpackage's screens (loaded with its pages on H5). */
export const membershipEn = { ...membershipGiftsEn, ...membershipPlayEn }
