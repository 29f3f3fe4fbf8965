import { toKnex, type PgSource } from "../pg"

/**
 * Which of these migrations are recorded as applied. Every module's migrations (Medusa's and Atelier's) are run by
 * MikroORM's migrator, which records each one it ran, by name (its file name without the extension), in one table
 * shared by all modules; `medusa db:migrate` runs them. A few hundred rows: one cheap read.
 */
export async function appliedMigrationNames(source: PgSource, names: readonly string[], timeoutMs: number): Promise<string[]> {
  if (!names.length) return []
  const { rows } = await toKnex(source)
    .raw(`SELECT DISTINCT name FROM mikro_orm_migrations WHERE name = ANY(?::text[])`, [names as string[]])
    .timeout(timeoutMs, { cancel: true })
  return (rows as { name: string }[]).map((row) => row.name)
}
