import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"

const MODULES = path.resolve(__dirname, "../../src/modules")

/** The tables the app's own modules create: every `create table` of their migrations. */
export function appTables(): Set<string> {
  const names = new Set<string>()
  for (const module of readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const dir = path.join(MODULES, module.name, "migrations")
    if (!existsSync(dir)) continue
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
      const text = readFileSync(path.join(dir, file), "utf8")
      for (const match of text.matchAll(/create table (?:if not exists )?"?([a-z_][a-z0-9_]*)"?/gi)) names.add(match[1])
    }
  }
  return names
}
