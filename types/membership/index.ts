// The membership domain's contract (spec §1, §2, §4, §6, §8, §9): points, gifts and redemption, lucky draws, tasks, invitations.
export * from './eligibility'
export * from './ledger'
export * from './redemption'
export * from './points'
export * from './points-schemas'
export * from './gifts'
export * from './gifts-schemas'
