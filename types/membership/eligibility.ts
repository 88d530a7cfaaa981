import type { AccountType } from '../account/user'

/**
 * Spec §1: "Distributor, agent and special accounts are barred from the membership and gift centre
 * (black-listed users)." and §9: "Distributor, agent and special accounts are blocked from the
 * membership centre." One rule, used by the server's guard and by the app's screens.
 */
export const MEMBERSHIP_BLOCKED_ACCOUNT_TYPES: readonly AccountType[] = ['distributor', 'agent', 'special']

export function isMembershipBlocked(accountType: AccountType): boolean {
  return MEMBERSHIP_BLOCKED_ACCOUNT_TYPES.includes(accountType)
}
