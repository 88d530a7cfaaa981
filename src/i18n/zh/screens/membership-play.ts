import type { membershipPlayEn } from '../../screens/membership-play'

export const membershipPlayZh: Record<keyof typeof membershipPlayEn, string> = {
}
