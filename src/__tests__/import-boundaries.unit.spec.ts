import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import * as ts from "typescript"

// The layering of src/ (docs/architecture.md, "Layout"), checked on the source text so that a regression fails CI.
// Dependencies point one way, down this chain:
//   api, jobs, subscribers, scripts, migration-scripts, tracing -> processes -> workflows -> queries -> modules (and links) -> metrics
//   -> lib
// A folder imports only from folders below it (never from one above or beside it, so no arrow turns back up), and
// no two second-level folders (src/processes/outbox, src/workflows/common, a file directly under src/queries, ...)
// import each other in a circle. The two clients built from src/, the admin extension and the SDK, take only types
// from the server's folders.

const SRC = path.resolve(__dirname, "..")

/** Every top folder of src/ with its rank in the chain: a folder may import folders of a lower rank only. */
const RANK: Record<string, number> = {
  lib: 0,
  // Process-wide Prometheus instruments (no I/O): every layer above lib records into them.
  metrics: 0.5,
  modules: 1,
  links: 1,
  queries: 2,
  workflows: 3,
  processes: 4,
  api: 5,
  jobs: 5,
  subscribers: 5,
  scripts: 5,
  "migration-scripts": 5,
  // The OpenTelemetry registration instrumentation.ts loads at boot: an entry point, as the routes and jobs are.
  tracing: 5,
}

/** Clients compiled from src/ (the Medusa admin extension, the typed SDK): server code reaches them as types only. */
const CLIENTS = ["admin", "sdk"]

/**
 * Imports allowed across the ranks' rule. Links define module links, so they name the modules they join. The gallery
 * module's cart add is one statement that joins Medusa's product tables: queries/medusa/ holds only SQL text over
 * Medusa's own tables (no connection, no app logic), the one place that knows Medusa's schema.
 */
const ALLOWED: { from: string; to: string }[] = [
  { from: "links", to: "modules" },
  { from: "modules", to: "queries/medusa" },
]

type Import = { specifier: string; typeOnly: boolean }

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : []
  })
}

const isTest = (file: string) => file.split(path.sep).includes("__tests__")

/** Every module a file names: static imports and re-exports (type-only or not), `import()` and `require()`. */
function imports(text: string): Import[] {
  const source = ts.createSourceFile("file.tsx", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX)
  const found: Import[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const bindings = clause?.namedBindings
      const namedTypesOnly =
        !!bindings && ts.isNamedImports(bindings) && !clause?.name && bindings.elements.every((element) => element.isTypeOnly)
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: !!clause?.isTypeOnly || namedTypesOnly })
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly })
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The path inside src/ (with "/") a relative specifier of `file` lands on, or null (a package, or outside src/). */
function srcPathOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null
  const relative = path.relative(SRC, path.resolve(path.dirname(file), specifier))
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null
  return relative.split(path.sep).join("/")
}

const within = (target: string, folder: string) => target === folder || target.startsWith(`${folder}/`)

/** Why `file` (in top folder `folder`) must not import `imported`, or null when it may. */
function violation(folder: string, file: string, imported: Import): string | null {
  const target = srcPathOf(file, imported.specifier)
  if (target === null) return null
  const targetFolder = target.split("/")[0]
  if (targetFolder === folder) return null
  if (CLIENTS.includes(folder)) return imported.typeOnly || targetFolder === "lib" ? null : "a client takes only types from the server"
  if (CLIENTS.includes(targetFolder)) return "the server does not import its clients"
  if (ALLOWED.some((allowed) => allowed.from === folder && within(target, allowed.to))) return null
  if (RANK[targetFolder] === undefined) return `${targetFolder}/ is not in the layering`
  return RANK[targetFolder] < RANK[folder] ? null : `${targetFolder}/ is not below ${folder}/`
}

function violations(folder: string): string[] {
  return sourceFiles(path.join(SRC, folder))
    .filter((file) => !isTest(file))
    .flatMap((file) =>
      imports(readFileSync(file, "utf8")).flatMap((imported) => {
        const why = violation(folder, file, imported)
        return why ? [`${path.relative(SRC, file)} imports ${imported.specifier}: ${why}`] : []
      })
    )
}

/** The unit a circle is looked for between: a second-level folder, or a file directly under a top folder. */
function unitOf(srcPath: string): string {
  const parts = srcPath.split("/")
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : srcPath.replace(/\.(ts|tsx)$/, "")
}

/** Circles of imports between units (strongly connected components of more than one unit). */
function circles(): string[][] {
  const graph = new Map<string, Set<string>>()
  for (const file of sourceFiles(SRC).filter((f) => !isTest(f))) {
    const from = unitOf(path.relative(SRC, file).split(path.sep).join("/"))
    for (const imported of imports(readFileSync(file, "utf8"))) {
      const target = srcPathOf(file, imported.specifier)
      if (target === null) continue
      const to = unitOf(target)
      if (to === from) continue
      if (!graph.has(from)) graph.set(from, new Set())
      graph.get(from)?.add(to)
    }
  }
  // Tarjan's algorithm.
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const connect = (unit: string) => {
    index.set(unit, counter)
    low.set(unit, counter++)
    stack.push(unit)
    onStack.add(unit)
    for (const next of graph.get(unit) ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(unit, Math.min(low.get(unit) as number, low.get(next) as number))
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) as number, index.get(next) as number))
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop() as string
        onStack.delete(member)
        component.push(member)
      } while (member !== unit)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const unit of graph.keys()) if (!index.has(unit)) connect(unit)
  return found
}

const topFolders = () =>
  readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "__tests__")
    .map((entry) => entry.name)
    .sort()

describe("import boundaries of src/", () => {
  it("names every folder of src/ in the layering", () => {
    expect(topFolders()).toEqual([...Object.keys(RANK), ...CLIENTS].sort())
  })

  it.each(topFolders())("src/%s imports only from the layers below it", (folder) => {
    expect(violations(folder)).toEqual([])
  })

  it("has no circle of imports between folders", () => {
    expect(circles()).toEqual([])
  })

  it("leaves Medusa's locking module to src/workflows/common/locks.ts (so no lock keeps the provider's default lease)", () => {
    const users = sourceFiles(SRC)
      .filter((file) => !isTest(file))
      .filter((file) => /Modules\.LOCKING|ILockingModule/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
    expect(users).toEqual(["workflows/common/locks.ts"])
  })

  it("runs every scheduled job through runScheduledJob (one run per job at a time, its queries told apart)", () => {
    const unwrapped = sourceFiles(path.join(SRC, "jobs"))
      .filter((file) => !/runScheduledJob\(config\.name,/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
    expect(unwrapped).toEqual([])
  })

  it("sees the imports it checks (static, type-only, re-exports, dynamic, require)", () => {
    const text = [
      `import { a } from "../modules/x"`,
      `import type {\n  B,\n} from "../api/y"`,
      `import { type C } from "../queries/c"`,
      `export { d } from "./z"`,
      `const e = await import("../workflows/w")`,
      `const f = require("../queries/q")`,
    ].join("\n")
    expect(imports(text)).toEqual([
      { specifier: "../modules/x", typeOnly: false },
      { specifier: "../api/y", typeOnly: true },
      { specifier: "../queries/c", typeOnly: true },
      { specifier: "./z", typeOnly: false },
      { specifier: "../workflows/w", typeOnly: false },
      { specifier: "../queries/q", typeOnly: false },
    ])
  })

  it("refuses an arrow back up the chain or sideways, and lets each layer use the ones below", () => {
    const file = (folder: string) => path.join(SRC, folder, "example.ts")
    const value = (specifier: string): Import => ({ specifier, typeOnly: false })
    expect(violation("lib", file("lib"), value("../modules/x"))).toBe("modules/ is not below lib/")
    expect(violation("workflows", file("workflows"), value("../processes/outbox/dispatch"))).toBe("processes/ is not below workflows/")
    expect(violation("queries", file("queries"), value("../workflows/common/locks"))).toBe("workflows/ is not below queries/")
    expect(violation("jobs", file("jobs"), value("../api/utils/access"))).toBe("api/ is not below jobs/")
    expect(violation("processes", file("processes"), value("../workflows/common/locks"))).toBeNull()
    expect(violation("api", file("api"), value("../processes/settlement/payment-events"))).toBeNull()
    expect(violation("modules", path.join(SRC, "modules", "gallery", "cart.ts"), value("../../queries/medusa/products"))).toBeNull()
    expect(violation("modules", path.join(SRC, "modules", "gallery", "cart.ts"), value("../../queries/gallery-cart"))).toBe(
      "queries/ is not below modules/"
    )
    expect(violation("sdk", file("sdk"), { specifier: "../api/api/orders/validators", typeOnly: true })).toBeNull()
    expect(violation("sdk", file("sdk"), value("../api/api/orders/validators"))).toBe("a client takes only types from the server")
    expect(violation("lib", file("lib"), value("../../integration-tests/helpers/db"))).toBeNull()
    expect(violation("lib", file("lib"), value("@medusajs/framework/utils"))).toBeNull()
  })
})
