import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import * as ts from "typescript"

// The layering of src/ (docs/architecture.md, "Layout"), checked on the source text so that a regression fails CI:
// pure rules in lib/ depend on nothing of the app; modules are self-contained (they may use lib/, and the SQL text
// over Medusa's tables in queries/medusa/); workflows never reach into the HTTP layer.

const SRC = path.resolve(__dirname, "..")

/** Folder of src/ -> the folders of src/ its files must not import from. */
const FORBIDDEN: Record<string, string[]> = {
  lib: ["modules", "api", "workflows", "queries", "subscribers", "jobs", "scripts", "links"],
  modules: ["api", "workflows", "queries", "subscribers", "jobs", "scripts"],
  workflows: ["api", "subscribers", "jobs", "scripts"],
}

/**
 * Folders inside a forbidden one that a layer may still import. queries/medusa/ holds only SQL text over Medusa's
 * own tables (no connection, no app logic), the one place that knows Medusa's schema; the gallery module's cart add
 * is one statement that joins it.
 */
const ALLOWED: Record<string, string[]> = {
  modules: ["queries/medusa"],
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : []
  })
}

/** Every module a file names: static imports and re-exports, `import()` and `require()`. */
function importedSpecifiers(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true)
  return info.importedFiles.map((imported) => imported.fileName)
}

/** The path inside src/ (with "/") a relative specifier of `file` lands on, or null (a package, or outside src/). */
function srcPathOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null
  const relative = path.relative(SRC, path.resolve(path.dirname(file), specifier))
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null
  return relative.split(path.sep).join("/")
}

/** The top folder of src/ a relative specifier of `file` lands in, or null (a package, or outside src/). */
function srcFolderOf(file: string, specifier: string): string | null {
  return srcPathOf(file, specifier)?.split("/")[0] ?? null
}

function isForbidden(folder: string, file: string, specifier: string): boolean {
  const target = srcPathOf(file, specifier)
  if (target === null || !FORBIDDEN[folder].includes(target.split("/")[0])) return false
  return !(ALLOWED[folder] ?? []).some((allowed) => target === allowed || target.startsWith(`${allowed}/`))
}

function violations(folder: string): string[] {
  return sourceFiles(path.join(SRC, folder)).flatMap((file) =>
    importedSpecifiers(file)
      .filter((specifier) => isForbidden(folder, file, specifier))
      .map((specifier) => `${path.relative(SRC, file)} imports ${specifier}`)
  )
}

describe("import boundaries of src/", () => {
  it.each(Object.keys(FORBIDDEN))("src/%s imports nothing from the layers it must not depend on", (folder) => {
    expect(violations(folder)).toEqual([])
  })

  it("leaves Medusa's locking module to src/settlement/locks.ts (so no lock keeps the provider's default lease)", () => {
    const users = sourceFiles(SRC)
      .filter((file) => !file.split(path.sep).includes("__tests__"))
      .filter((file) => /Modules\.LOCKING|ILockingModule/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
    expect(users).toEqual(["settlement/locks.ts"])
  })

  it("runs every scheduled job through runScheduledJob (one run per job at a time, its queries told apart)", () => {
    const unwrapped = sourceFiles(path.join(SRC, "jobs"))
      .filter((file) => !/runScheduledJob\(config\.name,/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
    expect(unwrapped).toEqual([])
  })

  it("sees the imports it checks (static, re-exports, dynamic, require)", () => {
    const text = [
      `import { a } from "../modules/x"`,
      `import type {\n  B,\n} from "../api/y"`,
      `export { c } from "./z"`,
      `const d = await import("../workflows/w")`,
      `const e = require("../queries/q")`,
    ].join("\n")
    const found = ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName)
    expect(found).toEqual(["../modules/x", "../api/y", "./z", "../workflows/w", "../queries/q"])
    const libFile = path.join(SRC, "lib", "example.ts")
    expect(found.map((specifier) => srcFolderOf(libFile, specifier))).toEqual([
      "modules",
      "api",
      "lib",
      "workflows",
      "queries",
    ])
    expect(srcFolderOf(libFile, "@medusajs/framework/utils")).toBeNull()
    expect(srcFolderOf(libFile, "../../integration-tests/helpers/db")).toBeNull()
  })

  it("lets modules use queries/medusa/ and nothing else of queries/", () => {
    const moduleFile = path.join(SRC, "modules", "gallery", "cart.ts")
    expect(isForbidden("modules", moduleFile, "../../queries/medusa/products")).toBe(false)
    expect(isForbidden("modules", moduleFile, "../../queries/gallery-cart")).toBe(true)
    expect(isForbidden("modules", moduleFile, "../../queries/medusa-like")).toBe(true)
    expect(isForbidden("modules", moduleFile, "../../lib/cart-quantity")).toBe(false)
    expect(isForbidden("lib", path.join(SRC, "lib", "example.ts"), "../queries/medusa/products")).toBe(true)
  })
})
