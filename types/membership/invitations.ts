import { Type, type Static } from 'typebox'
import { Closed, Nullable } from '../common'

/**
 * Invitations and referrals (spec §1 "invitations", §2 "referral (invite for gifts)", §4
 * "Invitation-code rules exist (messages in section 8)", §8 "Invitation: verification failed, already
 * participated, not a new user, own code, code not matching the activity, code not found or invalid,
 * use limit exceeded").
 *
 * Each member has one code per invitation activity. A new user enters a code: the inviter and the
 * invitee both earn the activity's points (ledger source 'invitation').
 */

export const InvitedSchema = Type.Object({ name: Type.String(), at: Type.String(), points: Type.Integer() })
export type Invited = Static<typeof InvitedSchema>

export const InvitationActivitySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  rules: Type.String(),
  startAt: Type.String(),
  endAt: Type.String(),
  inviterPoints: Type.Integer(),
  inviteePoints: Type.Integer(),
  useLimit: Type.Integer(),
  /** the caller's own code in this activity */
  code: Type.String(),
  uses: Type.Integer(),
  invited: Type.Array(InvitedSchema),
  /** the code the caller entered in this activity, if any */
  joinedWith: Nullable(Type.String()),
  /**
   * whether entering a colleague's code can succeed for the caller: a new user (isNewUser: no order on the
   * account, no code entered before) who has not joined this activity. The screen offers the code field only
   * then (issue 22: approved users got a box that could only fail with "Not a new user").
   */
  canEnterCode: Type.Boolean(),
})
export type InvitationActivity = Static<typeof InvitationActivitySchema>

export const InvitationListSchema = Type.Object({ activities: Type.Array(InvitationActivitySchema) })
export type InvitationList = Static<typeof InvitationListSchema>

export const InviteRedeemBodySchema = Closed({
  activityId: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' }),
  code: Type.String({ minLength: 1, maxLength: 32 }),
})
export type InviteRedeemBody = Static<typeof InviteRedeemBodySchema>

export const InviteRedeemResultSchema = Type.Object({
  activityId: Type.String(),
  code: Type.String(),
  pointsEarned: Type.Integer(),
  balance: Type.Integer(),
  replay: Type.Boolean(),
})
export type InviteRedeemResult = Static<typeof InviteRedeemResultSchema>
