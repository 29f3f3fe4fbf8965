// Writes the run's totals where .ci/run can print them as its last line ("N passed, N failed").
const fs = require("node:fs")
const path = require("node:path")

const ANSI = /\u001b\[[0-9;]*m/g

/** The start of a failure (the assertion and what it received), for a CI log that shows only its tail. */
function firstLines(messages, count = 12) {
  const text = (messages ?? []).join("\n").replace(ANSI, "")
  return text.split("\n").filter((line) => line.trim()).slice(0, count).join("\n    ")
}

class SummaryReporter {
  constructor(globalConfig, options = {}) {
    this.outputFile = options.outputFile || path.join(globalConfig.rootDir, ".ci", "last-test-summary.json")
  }

  onRunComplete(_contexts, results) {
    const summary = {
      passed: results.numPassedTests,
      // A suite that cannot even load counts as a failure although none of its tests ran.
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      // Named so that CI's short tail says what failed, not only how many.
      failures: results.testResults.flatMap((suite) => [
        ...(suite.testExecError ? [`${path.relative(process.cwd(), suite.testFilePath)}: ${suite.testExecError.message}`] : []),
        ...suite.testResults
          .filter((test) => test.status === "failed")
          .map((test) => `${path.relative(process.cwd(), suite.testFilePath)}: ${test.fullName}\n    ${firstLines(test.failureMessages)}`),
      ]),
    }
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true })
    fs.writeFileSync(this.outputFile, JSON.stringify(summary))
  }
}

module.exports = SummaryReporter
