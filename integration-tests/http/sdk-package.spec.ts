import { execFile } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { promisify } from "node:util"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Api } from "../helpers/accounts"
import { outboxDrained } from "../helpers/db"
import { seedDemo } from "../helpers/demo-data"

// @atelier/sdk as someone outside the repository gets it (docs/storefront-ui.md, "The SDK as a package"): packed
// (npm pack builds it), installed offline into an empty folder, and the README's example, taken from README.md
// between its markers, type-checked under strict and run with Node against this server with the demo data.

jest.setTimeout(300000)

const ROOT = path.resolve(__dirname, "../..")
const PACKAGE_DIR = path.join(ROOT, "packages/sdk")
// Asynchronous: the server under test answers the example from this same process.
const run = promisify(execFile)

/** The README's example: the ```js block between `<!-- sdk-example:start ...-->` and `<!-- sdk-example:end -->`. */
function readmeExample(): string {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
  const block = /<!-- sdk-example:start[^>]*-->\s*```js\n([\s\S]*?)```\s*<!-- sdk-example:end -->/.exec(readme)
  if (!block) throw new Error("README.md has no SDK example between <!-- sdk-example:start --> and <!-- sdk-example:end -->")
  return block[1]
}

type PackResult = { filename: string; files: Array<{ path: string }> }

medusaIntegrationTestRunner({
  testSuite: ({ api: rawApi, getContainer }) => {
    const api = rawApi as unknown as Api
    const baseUrl = () => (rawApi as unknown as { defaults: { baseURL: string } }).defaults.baseURL
    let pg: Knex
    let shop: string
    let packed: PackResult

    beforeAll(async () => {
      pg = await seedDemo(getContainer())
      shop = fs.mkdtempSync(path.join(os.tmpdir(), "atelier-sdk-shop-"))
      const { stdout } = await run("npm", ["pack", PACKAGE_DIR, "--pack-destination", shop, "--json"], { cwd: ROOT })
      // (The output begins with the build's own lines: prepack builds the package.)
      packed = (JSON.parse(stdout.slice(stdout.search(/^\[/m))) as PackResult[])[0]
      await run("npm", ["init", "-y"], { cwd: shop })
      await run("npm", ["install", `./${packed.filename}`, "--offline", "--no-audit", "--no-fund"], { cwd: shop })
      fs.writeFileSync(path.join(shop, "shop.mjs"), readmeExample())
    })

    afterAll(() => {
      if (shop) fs.rmSync(shop, { recursive: true, force: true })
    })

    it("packs an ES module and its declarations, with no dependencies and no server code", () => {
      expect(packed.filename).toBe("atelier-sdk-0.1.0.tgz")
      expect(packed.files.map((f) => f.path).sort()).toEqual([
        "README.md",
        "dist/THIRD_PARTY_LICENSES.txt",
        "dist/index.d.ts",
        "dist/index.js",
        "package.json",
      ])
      const installed = path.join(shop, "node_modules/@atelier/sdk")
      const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8"))
      expect(manifest).toMatchObject({ name: "@atelier/sdk", type: "module", exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } } })
      expect(manifest.dependencies ?? {}).toEqual({})
      expect(manifest.peerDependencies ?? {}).toEqual({})
      // The bundle's modules (esbuild marks each with its path): the SDK's own files and Medusa's client only.
      const bundle = fs.readFileSync(path.join(installed, "dist/index.js"), "utf8")
      const modules = [...bundle.matchAll(/^\/\/ (\S+)$/gm)].map((m) => m[1])
      expect(modules).toEqual(expect.arrayContaining(["src/sdk/index.ts", "src/sdk/dashboard.ts", "src/sdk/cookie-jar.ts"]))
      // (A node_modules linked from elsewhere, as in a worktree, is named by its relative path: ../../x/node_modules/...)
      for (const module of modules) {
        expect(module).toMatch(/^(src\/sdk\/[\w-]+\.ts|(\.\.\/[\w./-]*)?node_modules\/(@medusajs\/js-sdk|fetch-event-stream)\/\S+|unused:qs)$/)
      }
      expect(bundle).not.toMatch(/^import\b/m)
      const declarations = fs.readFileSync(path.join(installed, "dist/index.d.ts"), "utf8")
      expect(declarations).not.toMatch(/^\s*import[\s{*]|\bimport\(|\bfrom\s+["']/m)
      expect(declarations).toMatch(/^export declare function createAtelierSdk\(config\?: AtelierSdkConfig\): AtelierSdk$/m)
    })

    it("type-checks the README's example, as written, under strict against the packed declarations", async () => {
      const typescript = path.join(path.dirname(require.resolve("typescript/package.json")), "bin/tsc")
      // A Node project's settings: Node's own types (the repository's @types/node), the package's from node_modules.
      const tsconfig = {
        compilerOptions: {
          strict: true,
          noEmit: true,
          allowJs: true,
          checkJs: true,
          skipLibCheck: false,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          lib: ["ES2022"],
          types: ["node"],
          typeRoots: [path.join(ROOT, "node_modules/@types")],
        },
        files: ["shop.mjs"],
      }
      fs.writeFileSync(path.join(shop, "tsconfig.json"), JSON.stringify(tsconfig, null, 2))
      const result = await run(process.execPath, [typescript, "-p", shop], { cwd: shop }).catch((error) => error)
      expect(`${result.stdout ?? ""}${result.stderr ?? ""}`).toBe("")
    })

    it("runs the README's example, as written, with Node: the cart keeps its items and the checkout is paid", async () => {
      expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(20)
      const { stdout } = await run(process.execPath, ["shop.mjs"], { cwd: shop, env: { ...process.env, ATELIER_URL: baseUrl() } })
      const [cartLine, orderLine] = stdout.trim().split("\n")
      // Two of the cheapest print: the cart read back after the add is the same cart (its cookie went back).
      const cheapest = await api.get("/api/gallery/products?product_type=print&sort=price_asc&limit=1")
      const price = cheapest.data.products[0].price as number
      expect(cartLine).toBe(`2 items, $${Math.round(price * 2 * 100) / 100}`)
      const [, publicId] = /^order (\S+): paid, \$[\d.]+$/.exec(orderLine) ?? []
      expect(publicId).toBeDefined()
      const { data } = await api.get(`/api/gallery/orders/${publicId}`)
      expect(data.order).toMatchObject({ publicId, status: "paid" })
      expect(data.order.artistOrders.flatMap((o: { items: Array<{ productId: string; quantity: number }> }) => o.items)).toEqual([
        expect.objectContaining({ productId: cheapest.data.products[0].id, quantity: 2 }),
      ])
      // What the payment causes (transfers, emails, the order book) is delivered too.
      expect(await outboxDrained(pg, 30000)).toBe(0)
    })
  },
})
