import { Type, type Static } from 'typebox'
import { Literals } from '../common'
import type { TaskCode, TaskPeriod, TaskState } from './play-rules'

/**
 * Earn points by tasks (spec §1 "earn-points activities", §2 "The profile menu has tabs for ...
 * earn points by tasks"). Each task has points and a period; the server verifies a task from the
 * member's real data and credits it once per period: the ledger entry's source is 'task' and its
 * source_ref `task:<code>:<period key>` (unique per member), so a period is never credited twice.
 *
 * - checkin  daily    claimed directly (the claim is the check-in)
 * - persona  once     the member's persona names at least one role and one industry (user_personas)
 * - shipto   once     the member's account has an active ship-to (ship_tos)
 * - article  daily    the member read a learning-centre article today (history_visits, kind 'content')
 * - order    monthly  the member placed an order this month (orders)
 */
export const TaskCodeSchema = Literals<TaskCode>(['checkin', 'persona', 'shipto', 'article', 'order'])

export const TaskPeriodSchema = Literals<TaskPeriod>(['once', 'daily', 'monthly'])

export const TaskStateSchema = Literals<TaskState>(['done', 'claimable', 'todo'])

export const TaskSchema = Type.Object({
  code: TaskCodeSchema,
  points: Type.Integer(),
  period: TaskPeriodSchema,
  state: TaskStateSchema,
  /** the period this state is about ('once', '2026-11-23', '2026-11') */
  periodKey: Type.String(),
})
export type Task = Static<typeof TaskSchema>

export const TaskListSchema = Type.Object({ balance: Type.Integer(), tasks: Type.Array(TaskSchema) })
export type TaskList = Static<typeof TaskListSchema>

export const TaskCodeParamsSchema = Type.Object({ code: TaskCodeSchema })

export const TaskClaimResultSchema = Type.Object({
  code: TaskCodeSchema,
  points: Type.Integer(),
  periodKey: Type.String(),
  /** false: this period was already credited (nothing written again) */
  credited: Type.Boolean(),
  balance: Type.Integer(),
})
export type TaskClaimResult = Static<typeof TaskClaimResultSchema>
