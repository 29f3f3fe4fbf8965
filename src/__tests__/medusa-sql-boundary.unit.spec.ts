import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import * as ts from "typescript"
import { appTables } from "../../integration-tests/helpers/app-tables"
import { MEDUSA_TABLES } from "../queries/medusa/tables"

// SQL that reads Medusa's own tables lives in src/queries/medusa/ only, and names only the tables declared in
// MEDUSA_TABLES (which the Medusa schema suite checks against a migrated database). Checked on the source text:
// every table a FROM or JOIN of a string or template literal names must be one of the app's own tables (created
// by src/modules/*/migrations), a CTE of the same file, or, inside src/queries/medusa/, a declared Medusa table.

const SRC = path.resolve(__dirname, "..")
const MEDUSA_FOLDER = path.join(SRC, "queries", "medusa")

function files(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return files(full, keep)
    return keep(full) ? [full] : []
  })
}

const isMigration = (file: string) => file.split(path.sep).includes("migrations")
const isTest = (file: string) => file.split(path.sep).includes("__tests__")

/** The text of every string and template literal of a file (template parts without their expressions). */
function literalTexts(source: string): string[] {
  const file = ts.createSourceFile("file.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const texts: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      texts.push(node.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return texts
}

const LOWERCASE_STATEMENT = /\b(select|insert into|update|delete from)\b/
// FROM or JOIN, then a relation name, whole (not cut short by backtracking), not called as a function.
const RELATION = /\b(?:FROM|JOIN)\s+("?)([a-z_][a-z0-9_]*)\1(?!\w)(?!\s*\()/
// Words that follow FROM / JOIN without naming a relation (`LEFT JOIN LATERAL (`, `IS DISTINCT FROM false`).
const NOT_RELATIONS = new Set(["lateral", "false", "true", "null"])

/**
 * The relations FROM / JOIN name in these literals, minus CTEs and function calls. Upper-case keywords always
 * count; lower-case ones only in a literal that also holds a lower-case statement (not prose like "from the").
 */
function tablesNamed(texts: string[]): string[] {
  const all = texts.join("\n")
  const ctes = new Set(
    [...all.matchAll(/\b([a-z_][a-z0-9_]*)\s+AS\s+(?:NOT\s+)?(?:MATERIALIZED\s+)?\(/gi)].map((m) => m[1].toLowerCase())
  )
  const names: string[] = []
  for (const text of texts) {
    const pattern = new RegExp(RELATION.source, LOWERCASE_STATEMENT.test(text) ? "gi" : "g")
    for (const match of text.matchAll(pattern)) {
      const name = match[2]
      if (name !== name.toLowerCase() || NOT_RELATIONS.has(name) || ctes.has(name)) continue
      names.push(name)
    }
  }
  return names
}

describe("SQL over Medusa's tables", () => {
  const own = appTables()
  const declared = new Set(Object.keys(MEDUSA_TABLES))
  const sources = files(SRC, (f) => /\.(ts|js)$/.test(f) && !isMigration(f) && !isTest(f))
  const foreignTables = (file: string) =>
    tablesNamed(literalTexts(readFileSync(file, "utf8"))).filter((name) => !own.has(name))

  it("sees the app's own tables (from the module migrations)", () => {
    expect([...own]).toEqual(expect.arrayContaining(["gallery_order", "organization", "referral", "gallery_analytics_day"]))
  })

  it("is written only in src/queries/medusa/", () => {
    const outside = sources
      .filter((file) => !file.startsWith(MEDUSA_FOLDER + path.sep))
      .flatMap((file) => foreignTables(file).map((name) => `${path.relative(SRC, file)}: ${name}`))
    expect(outside).toEqual([])
  })

  it("names only tables declared in MEDUSA_TABLES, and every declared table is read", () => {
    const inFolder = sources.filter((file) => file.startsWith(MEDUSA_FOLDER + path.sep)).flatMap(foreignTables)
    expect(inFolder.filter((name) => !declared.has(name))).toEqual([])
    expect([...new Set(inFolder)].sort()).toEqual([...declared].sort())
  })

  it("finds the tables a statement names, leaving out CTEs, functions and prose", () => {
    const texts = literalTexts(
      [
        "const a = `WITH page AS (SELECT 1) SELECT p.id FROM product p JOIN page ON true",
        "  LEFT JOIN LATERAL (SELECT 1) x ON true JOIN \"order\" o ON o.id = p.id, unnest(?::text[])`",
        'const b = "SELECT * FROM jsonb_to_recordset(?::jsonb) AS t(id text)"',
        'const c = "with existing as (select 1) select x from price_set s left join existing e on true"',
        'const d = "Copied from the spec"',
      ].join("\n")
    )
    expect(tablesNamed(texts)).toEqual(["product", "order", "price_set"])
  })
})
