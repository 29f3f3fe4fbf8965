// Types of processes.mjs for TypeScript callers (the scale-out test).

/** The watchdog of startReaper: process groups and pids it stops if the harness dies. */
export interface Reaper {
  addGroup(pgid: number): void
  removeGroup(pgid: number): void
  addPid(pid: number): void
  addDir(dir: string): void
  release(): void
}

export function startReaper(): Reaper
