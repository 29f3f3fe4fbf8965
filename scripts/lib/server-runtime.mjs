// How the production server's Node.js runtime is tuned: `npm start` and every harness that starts the production build
// (benchmarks, multi-process tests) run it with these V8 flags, through Medusa's CLI entry. docs/architecture.md,
// "Server runtime", says why.
import path from "node:path"

/**
 * A 64 MB young-generation semi-space (Node 20 grows it to 16 MB at most). Every request allocates heavily (workflow
 * engine, ORM entities, JSON), so with the default the server scavenges every few requests; a larger young generation
 * scavenges less often and lets more short-lived objects die before they are copied.
 */
export const SERVER_V8_FLAGS = ["--max-semi-space-size=64"]

/** NODE_OPTIONS for a server process: these flags first, so that an operator's own NODE_OPTIONS can override them. */
export function serverNodeOptions(existing = process.env.NODE_OPTIONS) {
  return [...SERVER_V8_FLAGS, existing].filter(Boolean).join(" ")
}

/**
 * The command and arguments of `medusa <args>` on the production build: Node running Medusa's CLI entry itself. The
 * `medusa` bin registers ts-node first whenever it is installed (a devDependency here), and ts-node loads Node's REPL,
 * whose `domain` module then hooks every promise and event emitter the server creates. The build is JavaScript and
 * medusa-config loads the environment itself, so the production server needs neither.
 */
export function medusaProductionCommand(root, args) {
  return { command: process.execPath, args: [path.join(root, "node_modules/@medusajs/cli/dist/index.js"), ...args] }
}
