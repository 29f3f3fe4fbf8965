/**
 * The outbox messages this process holds claimed and has not finished (delivered, released for a retry or given
 * back), and whether it is stopping (docs/operations.md, "Stopping"). One per gallery service, i.e. per process.
 * A process that stops claims nothing more, waits for the handlers it runs, and gives back what it still holds, so
 * that another process takes those messages at once instead of after their lease (SETTLEMENT_RECONCILE_SECONDS).
 */
export class OutboxClaims {
  private readonly held = new Set<string>()
  /** Claims whose statement is running: their messages are not known yet. */
  private pendingClaims = 0
  private stopping = false
  private waiters: (() => void)[] = []

  get isStopping(): boolean {
    return this.stopping
  }

  /** A claim begins; `done` with the ids it claimed (none if it failed). */
  claiming(): { done(ids: string[]): void } {
    this.pendingClaims += 1
    let ended = false
    return {
      done: (ids) => {
        if (ended) return
        ended = true
        this.pendingClaims -= 1
        for (const id of ids) this.held.add(id)
        this.wakeWhenIdle()
      },
    }
  }

  /** Messages this process finished with (whatever the outcome). */
  finish(ids: string[]): void {
    for (const id of ids) this.held.delete(id)
    this.wakeWhenIdle()
  }

  private get idle(): boolean {
    return this.held.size === 0 && this.pendingClaims === 0
  }

  private wakeWhenIdle(): void {
    if (this.idle) for (const wake of this.waiters.splice(0)) wake()
  }

  /**
   * Stops claiming, and resolves once nothing is held or being claimed, or at `deadline` (ms since the epoch), with
   * the messages still held then.
   */
  async stop(deadline: number): Promise<string[]> {
    this.stopping = true
    if (!this.idle) {
      let timer: NodeJS.Timeout | undefined
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve)
        timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))
      })
      clearTimeout(timer)
    }
    return [...this.held]
  }
}
