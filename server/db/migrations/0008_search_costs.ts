import { sql, type Kysely } from 'kysely'

/**
 * Search suggestions (issue 10): the planner took pg_trgm's similarity functions for as cheap as an
 * integer comparison (cost 1), so for the 650-term dictionary it compared every term (1.4 ms) instead of
 * letting the trigram index (catalog_search_terms_trgm_idx) pick the few candidates of `lower(term) % $1`
 * (0.05 ms). Their true cost (a trigram set of each side) is about 50 comparisons. Nothing else calls
 * them. Same SQL on PGlite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER FUNCTION similarity(text, text) COST 50`.execute(db)
  await sql`ALTER FUNCTION similarity_op(text, text) COST 50`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER FUNCTION similarity_op(text, text) COST 1`.execute(db)
  await sql`ALTER FUNCTION similarity(text, text) COST 1`.execute(db)
}
