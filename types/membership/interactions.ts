import { Type, type Static } from 'typebox'
import { Literals, Nullable, Paged } from '../common'

/**
 * The member's interaction history (spec §2 "my interaction history", login needed): draws (with
 * the prize won), task completions and invitations (codes the member's invitees entered, and the code
 * the member entered), each with its date and points, newest first, paged.
 */
export const InteractionKindSchema = Literals(['draw', 'task', 'invited', 'joined'])
export type InteractionKind = Static<typeof InteractionKindSchema>

export const MemberInteractionSchema = Type.Object({
  id: Type.String(),
  kind: InteractionKindSchema,
  at: Type.String(),
  /** what it is about: the activity's name (draw), the task code (task), the other member's masked name (invitations) */
  title: Type.String(),
  /** the prize won (draw), the ledger reference (task), the code (invitations) */
  detail: Nullable(Type.String()),
  /** points moved: negative for a draw's cost, positive for credits */
  points: Type.Integer(),
  /** a points prize or an invitation's own reward, beside the cost */
  pointsWon: Type.Integer(),
})
export type MemberInteraction = Static<typeof MemberInteractionSchema>

export const MemberInteractionPageSchema = Paged(MemberInteractionSchema)
export type MemberInteractionPage = Static<typeof MemberInteractionPageSchema>
