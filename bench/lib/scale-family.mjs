// Copies of rows the app wrote, made by PostgreSQL (bench/lib/scale-data.mjs): a *family* is every row that belongs
// to one entity the app created through its own workflows (an organization with its sales channel, stock location,
// fulfilment set and links; a product with its variant, prices, inventory and links; a mirrored order with its items,
// addresses, shipping, payment records, fulfilment...). It is found by following ids from a root row through every
// table, and then cloned once per row of a context table with one INSERT ... SELECT per family row: every id of the
// family is renamed for the clone, the values named in `substitutions` (ids of rows outside the family, names, amounts)
// are replaced by the clone's, and timestamps keep their distance to the root's `created_at`. Columns nobody named
// keep the template's value, so a copy has the shape the app writes, whatever columns Medusa adds.
import pg from "pg"

/** An id as the app and Medusa make them: `prefix_` + a ULID (or a bare ULID, as provider identities have). */
const ID_PATTERN = /^([a-z][a-z_]*_)?[0-9A-HJKMNP-TV-Z]{26}$/
const ULID_LENGTH = 26

/** Every column value as PostgreSQL's text (numbers and timestamps exactly as stored). */
const asText = { getTypeParser: () => (value) => value }

/** The ordinary tables of the public schema with their columns (type, generated, default) and primary key. */
export async function describeTables(client) {
  const { rows } = await client.query({
    text: `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
                  a.attgenerated <> '' AS generated, pg_get_expr(d.adbin, d.adrelid) AS default_expr,
                  coalesce(a.attnum = ANY(pk.conkey), false) AS primary_key
             FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
             JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
             LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
             LEFT JOIN pg_constraint pk ON pk.conrelid = c.oid AND pk.contype = 'p'
            WHERE c.relkind IN ('r', 'p')
            ORDER BY c.relname, a.attnum`,
    types: asText,
  })
  const tables = new Map()
  for (const row of rows) {
    if (!tables.has(row.table)) tables.set(row.table, [])
    tables.get(row.table).push({
      name: row.column,
      type: row.type,
      generated: row.generated === "t",
      serial: typeof row.default_expr === "string" && row.default_expr.startsWith("nextval("),
      primaryKey: row.primary_key === "t",
    })
  }
  return tables
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`
const literal = (value) => `'${String(value).replace(/'/g, "''")}'`

/**
 * The rows reachable from `roots` (ids): every row of any table (but `skipTables`) whose text holds one of the ids,
 * then the ids those rows hold, and so on; ids starting with one of `stopPrefixes`, and `stopIds`, are not followed
 * (rows of other entities: products, sales channels, regions...). Resolves to [{table, row}] (values as text), each
 * row once.
 */
export async function findFamily(client, tables, { roots, stopPrefixes = [], stopIds = [], skipTables = [] }) {
  const seenIds = new Set([...roots, ...stopIds])
  const seenRows = new Set()
  const family = []
  let frontier = [...roots]
  const searchable = [...tables.keys()].filter((t) => !skipTables.some((skip) => (skip instanceof RegExp ? skip.test(t) : skip === t)))
  while (frontier.length) {
    const patterns = frontier.map((id) => `%${id.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    const next = []
    for (const table of searchable) {
      const { rows } = await client.query({
        // In a stable order (the rows' text), so that the family's ids are numbered alike run after run.
        text: `SELECT t.* FROM ${quoteIdent(table)} t WHERE t::text LIKE ANY($1::text[]) ORDER BY t::text`,
        values: [patterns],
        types: asText,
      })
      for (const row of rows) {
        const columns = tables.get(table)
        const key = `${table}:${columns.filter((c) => c.primaryKey).map((c) => row[c.name]).join("|") || JSON.stringify(row)}`
        if (seenRows.has(key)) continue
        seenRows.add(key)
        family.push({ table, row })
        for (const value of Object.values(row)) {
          if (typeof value !== "string" || !ID_PATTERN.test(value) || seenIds.has(value)) continue
          seenIds.add(value)
          if (!stopPrefixes.some((prefix) => value.startsWith(prefix))) next.push(value)
        }
      }
    }
    frontier = next
  }
  return family
}

/** The ids a family's rows own (their primary-key `id`), each with the family's index. */
function familyIds(family, tables) {
  const ids = []
  for (const { table, row } of family) {
    const idColumn = tables.get(table).find((c) => c.name === "id" && c.primaryKey)
    if (idColumn && typeof row.id === "string" && ID_PATTERN.test(row.id)) ids.push(row.id)
  }
  return [...new Set(ids)]
}

/**
 * SQL for the clone of `id` (an id of the family): ids derived from the root's ULID (as the app derives `order_X`,
 * `pay_col_X` from `aord_X`) keep that derivation with the clone's suffix; any other id becomes its prefix + the
 * clone's suffix + its index in the family. `suffix` is an SQL text expression unique per clone.
 */
function cloneIdSql(id, index, rootUlid, suffix) {
  const ulid = id.slice(-ULID_LENGTH)
  const prefix = id.slice(0, -ULID_LENGTH)
  if (ulid === rootUlid) return `(${literal(prefix)} || ${suffix})`
  return `(${literal(prefix)} || ${suffix} || ${literal(`k${index}`)})`
}

/**
 * One INSERT ... SELECT per family row, cloning it once per row of `context` (an SQL FROM item aliased `c`).
 * - `root`: the family's root id; its ULID marks derived ids, its row's `created_at` is the time origin: every
 *   timestamp of a clone is `timeOrigin` (SQL over `c`) plus the template's distance to it.
 * - `suffix`: SQL text unique per context row (the clones' ids end with it).
 * - `substitutions`: [[template value, SQL expression]]: a column whose whole value is the template value takes the
 *   expression; text and JSON columns holding it take it in place (ids of rows outside the family, names, amounts).
 * - `overrides`: {table: {column: SQL}} for columns whose value is computed outright (a title, a price...).
 * - `omit`: {table: [column]} left to their defaults; so are serial columns (display ids) that `overrides` does not set.
 */
export function cloneStatements(family, tables, { root, rootCreatedAt, suffix, timeOrigin, context, substitutions = [], overrides = {}, omit = {} }) {
  const rootUlid = root.slice(-ULID_LENGTH)
  const ids = familyIds(family, tables)
  const idSubstitutions = ids.map((id, index) => [id, cloneIdSql(id, index, rootUlid, suffix)])
  // Longest first, so that a value containing another (a name inside a longer one) is replaced whole.
  const all = [...idSubstitutions, ...substitutions].sort((a, b) => b[0].length - a[0].length)
  const origin = Date.parse(rootCreatedAt)
  return family.map(({ table, row }) => {
    const columns = tables
      .get(table)
      .filter((c) => !c.generated && (!c.serial || overrides[table]?.[c.name] !== undefined) && !(omit[table] ?? []).includes(c.name))
    const expressions = columns.map((column) => {
      const override = overrides[table]?.[column.name]
      if (override !== undefined) return override
      const value = row[column.name]
      if (value === null || value === undefined) return "NULL"
      if (column.type.startsWith("timestamp")) {
        const offset = Date.parse(value) - origin
        return `(${timeOrigin} + interval ${literal(`${offset} milliseconds`)})`
      }
      const whole = all.find(([template]) => template === value)
      if (whole) return `(${whole[1]})::${column.type}`
      const inside = all.filter(([template]) => template.length >= 4 && value.includes(template))
      if (!inside.length || !/^(text|character varying|jsonb|json)/.test(column.type)) return `${literal(value)}::${column.type}`
      // Replaced one after the other, longest first; a placeholder per value keeps a replacement from being
      // replaced again by a later, shorter template value it happens to contain.
      let sql = literal(value)
      inside.forEach(([template], i) => {
        sql = `replace(${sql}, ${literal(template)}, ${literal(`\u0001${i}\u0002`)})`
      })
      inside.forEach(([, expression], i) => {
        const replacement = column.type.startsWith("json") ? `to_json((${expression})::text)::text` : `(${expression})::text`
        // In JSON a substituted value sits inside a string already: its JSON encoding without the quotes.
        const inserted = column.type.startsWith("json") ? `substr(${replacement}, 2, length(${replacement}) - 2)` : replacement
        sql = `replace(${sql}, ${literal(`\u0001${i}\u0002`)}, ${inserted})`
      })
      return `(${sql})::${column.type}`
    })
    return {
      table,
      sql: `INSERT INTO ${quoteIdent(table)} (${columns.map((c) => quoteIdent(c.name)).join(", ")})
            SELECT ${expressions.join(",\n                   ")}
            FROM ${context}`,
    }
  })
}

/** Deletes the family's rows (by primary key, or by every column for a table without one). */
export async function deleteFamily(client, tables, family) {
  for (const { table, row } of [...family].reverse()) {
    const columns = tables.get(table)
    const keys = columns.some((c) => c.primaryKey) ? columns.filter((c) => c.primaryKey) : columns.filter((c) => row[c.name] !== null)
    await client.query(
      `DELETE FROM ${quoteIdent(table)} WHERE ${keys.map((c, i) => `${quoteIdent(c.name)}::text = $${i + 1}`).join(" AND ")}`,
      keys.map((c) => row[c.name])
    )
  }
}

export { pg }

/**
 * The family's rows in an order that satisfies its foreign keys: a table after the tables its rows reference
 * (constraints whose columns are set in the family; a cycle falls back to the order found).
 */
export async function orderByForeignKeys(client, family) {
  const { rows } = await client.query(
    `SELECT c.conrelid::regclass::text AS from_table, c.confrelid::regclass::text AS to_table,
            array_agg(a.attname ORDER BY a.attnum)::text[] AS columns
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
      GROUP BY c.oid, c.conrelid, c.confrelid`
  )
  const unquote = (name) => name.replace(/^"|"$/g, "")
  const tables = [...new Set(family.map((f) => f.table))]
  const dependsOn = new Map(tables.map((t) => [t, new Set()]))
  for (const fk of rows) {
    const from = unquote(fk.from_table)
    const to = unquote(fk.to_table)
    if (from === to || !dependsOn.has(from) || !dependsOn.has(to)) continue
    const used = family.some((f) => f.table === from && fk.columns.every((column) => f.row[column] !== null))
    if (used) dependsOn.get(from).add(to)
  }
  const ordered = []
  const placed = new Set()
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...dependsOn.get(t)].every((d) => placed.has(d)))
    const next = ready.length ? ready : tables.filter((t) => !placed.has(t)).slice(0, 1)
    for (const t of next) {
      placed.add(t)
      ordered.push(t)
    }
  }
  return ordered.flatMap((t) => family.filter((f) => f.table === t))
}

/**
 * Drops the secondary indexes of `tables` (not those behind a primary key or a constraint) and resolves to a function
 * that builds them again: a bulk load followed by one index build per index is several times faster than keeping
 * every index current row by row. A unique index that the loaded rows break fails to build, so the load is checked.
 */
export async function withoutSecondaryIndexes(clients, tables) {
  const [client] = clients
  const { rows } = await client.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY(SELECT to_regclass(quote_ident(t)) FROM unnest($1::text[]) t)
        AND NOT i.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables]
  )
  for (const { name } of rows) await client.query(`DROP INDEX ${name}`)
  // Built again over all connections, each taking the next index from the list.
  return async () => {
    const queue = [...rows]
    await Promise.all(clients.map(async (c) => {
      for (let next = queue.shift(); next; next = queue.shift()) await c.query(next.definition)
    }))
    return rows.length
  }
}
