// The Vite configuration every browser app of Atelier shares (apps/<name>/vite.config.mjs calls it): React without
// a plugin (esbuild's automatic JSX runtime), Tailwind with Medusa's UI preset so that @medusajs/ui components look as
// they do in Medusa's admin, the app mounted at /<name>/ on the Atelier server, and /api proxied to that server by
// `npm run dev:ui` (Vite's dev server with hot reload on :5173).
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { fileURLToPath } from "node:url"
import { createRequire } from "node:module"
import tailwindcss from "tailwindcss"

const require = createRequire(import.meta.url)
export const appsDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
export const projectRoot = path.dirname(appsDir)

/** Tailwind for one app: Medusa's UI preset, scanning the app's sources and @medusajs/ui's components. */
export function tailwindConfig(name) {
  return {
    presets: [require("@medusajs/ui-preset")],
    darkMode: "class",
    content: [
      path.join(appsDir, name, "index.html"),
      path.join(appsDir, name, "src/**/*.{ts,tsx}"),
      path.join(appsDir, "shared/**/*.{ts,tsx}"),
      path.join(path.dirname(require.resolve("@medusajs/ui")), "**/*.{js,mjs}"),
    ],
  }
}

/**
 * Writes `<file>.gz` beside every text file of the build (on each rebuild too), which the server sends to clients
 * that accept gzip: the files are compressed once, at build time, at the highest level.
 */
function precompress() {
  let outDir = null
  return {
    name: "atelier-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(?:js|mjs|css|html|json|svg|map|txt)$/.test(fileName)) continue
        const file = path.join(outDir, fileName)
        if (!fs.existsSync(file)) continue
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fs.readFileSync(file), { level: 9 }))
      }
    },
  }
}

/**
 * `outDir` defaults to dist/ui/<name> in the project (where the server looks: src/api/utils/ui-static.ts);
 * scripts/build-ui.mjs passes its own. `ATELIER_API` is where the dev server proxies /api, /auth and /health.
 */
export function defineAtelierApp(name, { outDir } = {}) {
  const api = process.env.ATELIER_API || "http://localhost:9000"
  return {
    root: path.join(appsDir, name),
    base: `/${name}/`,
    publicDir: false,
    logLevel: "warn",
    esbuild: { jsx: "automatic" },
    plugins: [precompress()],
    css: { postcss: { plugins: [tailwindcss(tailwindConfig(name))] } },
    build: {
      outDir: outDir ?? path.join(projectRoot, "dist/ui", name),
      emptyOutDir: true,
      target: "es2020",
      reportCompressedSize: false,
      chunkSizeWarningLimit: 1024,
      rollupOptions: {
        // Medusa's JS SDK declares no `sideEffects` but has none: without this its admin and store resources
        // (80 kB) would ship to every app that only uses its client.
        treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@medusajs[\\/]js-sdk[\\/]/.test(id) },
      },
    },
    server: {
      port: 5173,
      proxy: Object.fromEntries(["/api", "/auth", "/health"].map((prefix) => [prefix, { target: api, changeOrigin: true }])),
    },
  }
}
