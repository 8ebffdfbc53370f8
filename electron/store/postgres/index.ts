/**
 * PostgreSQL storage: the pool opener with hashed migrations. A door of its own so that only
 * `lapwing serve --store postgres://…` loads the `pg` driver, not the workbench or other commands.
 */
export {
  describeUrl,
  inTransaction,
  isPostgresUrl,
  migratePostgres,
  openPostgres,
  PostgresMigrationError,
  PostgresOpenError,
  type OpenPostgresOptions,
  type PostgresClient,
  type PostgresPool,
} from './database';
