import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import * as ts from "typescript"

// The layering of src/ (docs/architecture.md, "Layout"), checked on the source text so that a regression fails CI:
// pure rules in lib/ depend on nothing of the app; modules are self-contained (they may use lib/); workflows
// never reach into the HTTP layer.

const SRC = path.resolve(__dirname, "..")

/** Folder of src/ -> the folders of src/ its files must not import from. */
const FORBIDDEN: Record<string, string[]> = {
  lib: ["modules", "api", "workflows", "queries", "subscribers", "jobs", "scripts", "links"],
  modules: ["api", "workflows", "queries", "subscribers", "jobs", "scripts"],
  workflows: ["api", "subscribers", "jobs", "scripts"],
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

/** The top folder of src/ a relative specifier of `file` lands in, or null (a package, or outside src/). */
function srcFolderOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null
  const relative = path.relative(SRC, path.resolve(path.dirname(file), specifier))
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null
  return relative.split(path.sep)[0]
}

function violations(folder: string): string[] {
  const forbidden = FORBIDDEN[folder]
  return sourceFiles(path.join(SRC, folder)).flatMap((file) =>
    importedSpecifiers(file)
      .filter((specifier) => forbidden.includes(srcFolderOf(file, specifier) ?? ""))
      .map((specifier) => `${path.relative(SRC, file)} imports ${specifier}`)
  )
}

describe("import boundaries of src/", () => {
  it.each(Object.keys(FORBIDDEN))("src/%s imports nothing from the layers it must not depend on", (folder) => {
    expect(violations(folder)).toEqual([])
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
})
