import { sql, type Kysely } from 'kysely'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { DB } from '../../../db/schema'

/**
 * The embedded provider's store for its own artefacts (interactions, sessions, codes, grants, tokens)
 * in the database (table oidc_store, migration 0016; issue 14): every API instance over the same
 * database sees the same ones, so a login that starts on one instance finishes on another. The same
 * SQL on PGlite (one process) and PostgreSQL (several).
 *
 * oidc-provider's Adapter contract: upsert stores the payload as given, with its expiry (expiresIn
 * seconds; none = never); find/findByUid (Session)/findByUserCode return it, or undefined once expired;
 * consume sets payload.consumed (epoch seconds); destroy deletes one; revokeByGrantId deletes every
 * row of the grant, whatever its model. Expired rows are swept by upserts, at most once a minute per
 * process and 500 rows at a time, so the sweep stays cheap and the table does not grow without bound.
 */
const SWEEP_EVERY_MS = 60_000
const SWEEP_BATCH = 500

export function createDbStore(db: Kysely<DB>) {
  let lastSweep = 0

  /** Deletes up to SWEEP_BATCH expired rows (any model); returns how many went. */
  async function sweep(now = new Date()): Promise<number> {
    const r = await sql`DELETE FROM oidc_store WHERE (model, id) IN (
        SELECT model, id FROM oidc_store WHERE expires_at < ${now} LIMIT ${SWEEP_BATCH})`.execute(db)
    return Number(r.numAffectedRows ?? 0)
  }

  const live = (now: Date) => sql<boolean>`(expires_at IS NULL OR expires_at > ${now})`

  const adapter = (model: string): Adapter => {
    async function findBy(
      column: 'id' | 'uid' | 'user_code',
      value: string | undefined,
    ): Promise<AdapterPayload | undefined> {
      if (!value) return undefined
      const row = await db
        .selectFrom('oidc_store')
        .select('payload')
        .where('model', '=', model)
        .where(column, '=', value)
        .where(live(new Date()))
        .limit(1)
        .executeTakeFirst()
      return (row?.payload as AdapterPayload | undefined) ?? undefined
    }
    return {
      async upsert(id, payload, expiresIn) {
        const now = Date.now()
        const row = {
          payload: JSON.stringify(payload),
          uid: payload.uid ?? null,
          user_code: payload.userCode ?? null,
          grant_id: payload.grantId ?? null,
          expires_at: expiresIn ? new Date(now + expiresIn * 1000) : null,
          consumed_at: payload.consumed ? new Date(Number(payload.consumed) * 1000) : null,
        }
        await db
          .insertInto('oidc_store')
          .values({ model, id, ...row })
          .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
          .execute()
        if (now - lastSweep >= SWEEP_EVERY_MS) {
          lastSweep = now
          await sweep(new Date(now))
        }
      },
      find: (id) => findBy('id', id),
      findByUid: (uid) => findBy('uid', uid),
      findByUserCode: (userCode) => findBy('user_code', userCode),
      async consume(id) {
        const at = Math.floor(Date.now() / 1000)
        await db
          .updateTable('oidc_store')
          .set({
            payload: sql`payload || jsonb_build_object('consumed', ${at}::int)`,
            consumed_at: new Date(at * 1000),
          })
          .where('model', '=', model)
          .where('id', '=', id)
          .execute()
      },
      async destroy(id) {
        await db.deleteFrom('oidc_store').where('model', '=', model).where('id', '=', id).execute()
      },
      async revokeByGrantId(grantId) {
        await db.deleteFrom('oidc_store').where('grant_id', '=', grantId).execute()
      },
    }
  }
  return { adapter, sweep }
}
