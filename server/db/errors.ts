/** PostgreSQL's unique_violation (SQLSTATE 23505): a row with the same key was committed first. */
export const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505'
