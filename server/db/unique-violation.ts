/**
 * PostgreSQL's unique_violation (SQLSTATE 23505), as node-postgres and PGlite both report it in
 * `code`. A check-then-insert passes for two concurrent writes of one value; the unique index then
 * refuses the later one with this, and the caller answers it as its own check would have.
 */
export const isUniqueViolation = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
