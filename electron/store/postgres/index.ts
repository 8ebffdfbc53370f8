/**
 * PostgreSQL storage: the pool opener with hashed migrations. A door of its own so that only
 * `lapwing serve --store postgres://…` loads the `pg` driver, not the workbench or other commands.
 */
export { inTransaction, openPostgres, PostgresMigrationError, type PostgresClient, type PostgresPool } from './database';
