export { MigrationFailedError, migrateDatabase } from './migrate-database.js'
export { type OpenDatabaseOptions, openDatabase } from './open-database.js'
export { PGliteDialect } from './pglite-dialect.js'
export { createTestSchema, type TestSchema } from './test-schema.js'
