// A run started by nudges (a commit that queued work), shared by the outbox's and the webhooks' dispatchers.

/**
 * `nudge(arg)` runs `work(arg)` once after `windowMs`: the nudges of that window share the run, and nudges that
 * arrive while it runs are folded into ONE more run after it (with the latest argument), so that under load one run
 * delivers what many commits queued instead of each starting its own. Every nudge gets the promise of the run that
 * serves it; a failing run rejects it and ends the loop (the scheduled job picks up what it left).
 */
export function coalescedRun<A>(windowMs: number, work: (arg: A) => Promise<unknown>): (arg: A) => Promise<void> {
  let running: Promise<void> | null = null
  let requestedAgain = false
  let latest: A
  return (arg: A) => {
    latest = arg
    if (running) {
      requestedAgain = true
      return running
    }
    running = (async () => {
      try {
        do {
          await new Promise((resolve) => setTimeout(resolve, windowMs))
          // Nudges of the window are served by this run (their work was committed before they nudged).
          requestedAgain = false
          await work(latest)
        } while (requestedAgain)
      } finally {
        running = null
      }
    })()
    return running
  }
}
