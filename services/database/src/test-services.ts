/**
 * The real servers the scaled-out mode's tests use. `.ci/run` sets both; `npm test` sets them when the
 * standard local ports answer. Unset, those tests do not run, and `npm test` says so in its last lines.
 */
export const testDatabaseUrl: string | undefined = process.env.PORTICO_TEST_DATABASE_URL || undefined
export const testRedisUrl: string | undefined = process.env.PORTICO_TEST_REDIS_URL || undefined
