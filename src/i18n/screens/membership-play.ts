/** Messages of the membership screens about lucky draws, tasks, invitations and the interaction history (spec §2, §6, §8). */
export const membershipPlayEn = {
}
