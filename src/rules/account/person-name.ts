/**
 * How a person's name reads and how it is masked: one rule for the app and the server
 * (types/account/person-name.ts), so the app's greeting and the server's invited list agree.
 */
export { displayName, maskedName, isChineseName } from '../../../types/account/person-name'
