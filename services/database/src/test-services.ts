/**
 * The real servers the scaled-out mode's tests use. `.ci/run` sets both; `npm test` sets them when the
 * standard local ports answer. Unset, those tests do not run, and `npm test` says so in its last lines.
 */
export const testDatabaseUrl: string | undefined = process.env.PORTICO_TEST_DATABASE_URL || undefined
export const testRedisUrl: string | undefined = process.env.PORTICO_TEST_REDIS_URL || undefined

/** What `dropTestDatabase` needs of a connected `pg` client. */
export interface AdminClient {
  query(sql: string): Promise<unknown>
}

/**
 * Drops a database a test made. A pool that has just ended may still be closing its sockets: the drop is
 * tried plainly a few times first, because forcing it kills those sessions, and a session killed while
 * it closes reports a fatal error to nobody (an unhandled error in the test run).
 */
export async function dropTestDatabase(admin: AdminClient, database: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await admin.query(`drop database if exists ${database}`)
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  await admin.query(`drop database if exists ${database} with (force)`)
}
