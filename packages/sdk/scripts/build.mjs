// Builds @atelier/sdk from src/sdk (docs/storefront-ui.md, "The SDK as a package"):
// - dist/index.js: one ES module, Medusa's JS SDK and fetch-event-stream bundled in (qs left out, below), so that
//   the package has no dependencies (the licences of what is bundled go to dist/THIRD_PARTY_LICENSES.txt);
// - dist/index.d.ts: the declarations, self-contained (declarations.mjs writes out the types the SDK takes from the
//   server's schemas and views), checked by compiling them alone, against the DOM's lib and against Node's types.
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import * as esbuild from "esbuild"
import { checkDeclarations, writeDeclarations } from "./declarations.mjs"

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const repoRoot = path.resolve(packageDir, "../..")
const entry = path.join(repoRoot, "src/sdk/index.ts")
const outDir = path.join(packageDir, "dist")

const JS_SDK_DIR = /[\\/]node_modules[\\/]@medusajs[\\/]js-sdk[\\/]/

/** Medusa's JS SDK declares no `sideEffects`; its admin and store resources, unused here, are left out (as in apps/). */
const jsSdkWithoutSideEffects = {
  name: "js-sdk-without-side-effects",
  setup(build) {
    build.onResolve({ filter: /^(\.|@medusajs\/js-sdk$)/ }, async (args) => {
      if (args.pluginData?.resolving || (args.path.startsWith(".") && !JS_SDK_DIR.test(args.importer))) return undefined
      const { kind, importer, resolveDir } = args
      const result = await build.resolve(args.path, { kind, importer, resolveDir, pluginData: { resolving: true } })
      if (result.errors.length) return { errors: result.errors }
      return { path: result.path, namespace: result.namespace, sideEffects: !JS_SDK_DIR.test(result.path) }
    })
  },
}

/**
 * Medusa's client imports `qs` only for the query strings of its default transport, which AtelierClient replaces (it
 * writes its own, `withQuery`): `qs` and the dozen packages under it are left out, and a call would say so.
 */
const withoutQs = {
  name: "without-qs",
  setup(build) {
    build.onResolve({ filter: /^qs$/ }, (args) => (JS_SDK_DIR.test(args.importer) ? { path: "qs", namespace: "unused" } : undefined))
    build.onLoad({ filter: /.*/, namespace: "unused" }, () => ({
      contents: `export function stringify() { throw new Error("Atelier SDK: Medusa's default transport is not used") }`,
      loader: "js",
    }))
  },
}

async function bundle() {
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile: path.join(outDir, "index.js"),
    bundle: true,
    format: "esm",
    // "browser": the dependencies' browser builds run in Node 20 as well (fetch, URL, Headers are global in both).
    platform: "browser",
    target: "es2020",
    tsconfig: path.join(repoRoot, "tsconfig.json"),
    absWorkingDir: repoRoot,
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
    plugins: [jsSdkWithoutSideEffects, withoutQs],
  })
  return result.metafile
}

/** The bundled packages (name, version, licence text), from esbuild's list of inputs. */
function bundledPackages(metafile) {
  const packages = new Map()
  for (const input of Object.keys(metafile.inputs)) {
    // The innermost node_modules/<package>/ of the path (a "(disabled):" input is a file the browser build leaves out).
    const match = /^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)
    if (!match || input.startsWith("(disabled):") || packages.has(match[0])) continue
    const dir = path.join(repoRoot, match[0])
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"))
    const licenseFile = fs.readdirSync(dir).find((f) => /^licen[cs]e/i.test(f))
    packages.set(match[0], {
      name: manifest.name,
      version: manifest.version,
      license: manifest.license,
      text: licenseFile ? fs.readFileSync(path.join(dir, licenseFile), "utf8").trim() : null,
    })
  }
  return [...packages.values()].sort((a, b) => a.name.localeCompare(b.name))
}

function writeLicenses(packages) {
  const sections = packages.map((p) => `${p.name}@${p.version} (${p.license})\n\n${p.text ?? `Licensed ${p.license}.`}`)
  fs.writeFileSync(
    path.join(outDir, "THIRD_PARTY_LICENSES.txt"),
    `dist/index.js bundles these packages:\n\n${sections.join(`\n\n${"-".repeat(80)}\n\n`)}\n`
  )
}

fs.rmSync(outDir, { recursive: true, force: true })
fs.mkdirSync(outDir, { recursive: true })
const metafile = await bundle()
writeLicenses(bundledPackages(metafile))
const declarations = writeDeclarations({ repoRoot, entry, outFile: path.join(outDir, "index.d.ts") })
checkDeclarations({ repoRoot, file: declarations })
console.log(`@atelier/sdk built: ${path.relative(repoRoot, outDir)}/{index.js,index.d.ts}`)
