const { loadEnv } = require("@medusajs/framework/utils")
loadEnv("test", process.cwd())

const transform = {
  // oauth4webapi is an ES module only: the one file that loads it keeps its dynamic import() native (swc would make
  // it a require()), so that jest, run with --experimental-vm-modules like the HTTP suites, loads it as Node does.
  "/src/modules/channels/providers/etsy\\.ts$": [
    "@swc/jest",
    {
      jsc: { parser: { syntax: "typescript", decorators: true }, target: "es2021" },
      module: { type: "commonjs", ignoreDynamic: true },
    },
  ],
  "^.+\\.[jt]s$": [
    "@swc/jest",
    { jsc: { parser: { syntax: "typescript", decorators: true }, target: "es2021" } },
  ],
}

const common = {
  transform,
  testEnvironment: "node",
  moduleFileExtensions: ["js", "ts", "json"],
  modulePathIgnorePatterns: ["dist/", "<rootDir>/.medusa/", "<rootDir>/.data/"],
}

// Tests that drive the harnesses' ES modules (scripts/lib, bench/lib) through native import(), which swc must keep.
const harnessTests = {
  moduleFileExtensions: ["js", "mjs", "ts", "json"],
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      { jsc: { parser: { syntax: "typescript" }, target: "es2021" }, module: { type: "commonjs", ignoreDynamic: true } },
    ],
  },
}

// Kinds of test, cheapest first: pure functions, module services against a real database, whole HTTP server, then
// the multi-process tests and the benchmark harness.
module.exports = {
  // Each HTTP suite boots a whole Medusa app in its worker, and not all of it is freed when the suite ends: a worker
  // that ran thirty suites reached V8's heap limit in CI. A worker whose heap is over this after a suite is replaced.
  workerIdleMemoryLimit: "1GB",
  globalSetup: "<rootDir>/integration-tests/global-setup.js",
  globalTeardown: "<rootDir>/integration-tests/global-teardown.js",
  reporters: ["default", "<rootDir>/integration-tests/summary-reporter.js"],
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/src/**/__tests__/**/*.unit.spec.ts"] },
    {
      ...common,
      displayName: "modules",
      testMatch: ["<rootDir>/src/modules/*/__tests__/**/*.module.spec.ts"],
      setupFiles: ["<rootDir>/integration-tests/setup.js"],
    },
    {
      ...common,
      displayName: "http",
      testMatch: ["<rootDir>/integration-tests/http/**/*.spec.ts"],
      setupFiles: ["<rootDir>/integration-tests/setup.js"],
    },
    {
      ...common,
      displayName: "scale",
      ...harnessTests,
      testMatch: ["<rootDir>/integration-tests/scale/**/*.spec.ts"],
    },
    {
      // The benchmarks' own machinery (bench/lib), where a rule decides what a figure measures.
      ...common,
      displayName: "tooling",
      ...harnessTests,
      testMatch: ["<rootDir>/integration-tests/tooling/**/*.spec.ts"],
    },
  ],
}
