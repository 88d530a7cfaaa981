/** Messages of the membership screens about points, gifts and redemption (spec §2, §4, §6, §8, §9). */
export const membershipGiftsEn = {
  'member.blocked': 'Sorry, distributor, agent and special accounts cannot take part in the membership programme',
}
