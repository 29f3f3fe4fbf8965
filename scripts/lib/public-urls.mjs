// The server's address rule (src/lib/public-urls.ts) for the scripts: one rule, read from its source. `npm start`
// loads the copy `npm run build` compiled (.medusa/server); `npm run dev` transpiles the TypeScript on the fly (the
// file imports nothing, so it runs alone).
import fs from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"

/** The module's exports (`publicUrls(env)`, ...): from the production build when `built`, else from src/. */
export async function loadPublicUrls(root, { built = false } = {}) {
  if (built) return createRequire(import.meta.url)(path.join(root, ".medusa/server/src/lib/public-urls.js"))
  const { default: ts } = await import("typescript")
  const source = fs.readFileSync(path.join(root, "src/lib/public-urls.ts"), "utf8")
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString("base64")}`)
}

/**
 * Once the server answers (its /health on localhost:PORT), logs where the apps are (their public addresses, as the
 * server builds its links). Gives up quietly when `stopped()` says the server is gone.
 */
export async function announceWhenReady({ urls, port, log, stopped = () => false }) {
  for (;;) {
    if (stopped()) return
    const ok = await fetch(`http://localhost:${port}/health`).then(
      (res) => res.ok,
      () => false
    )
    if (ok) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  log(
    [
      "ready:",
      `  gallery    ${urls.galleryUrl}`,
      `  dashboard  ${urls.appUrl}`,
      `  admin      ${urls.adminUrl}   (Medusa's admin)`,
      `  API        ${urls.publicUrl}/api, /store, /admin, /auth`,
    ].join("\n")
  )
}
