// The watchdog of startReaper (processes.mjs): `node reaper.mjs <parent pid> <state file>`. While the parent lives
// it does nothing; once the parent is gone it SIGKILLs every process group listed in the state file, asks every
// listed pid to stop (SIGINT: PostgreSQL's fast shutdown), then removes the listed scratch folders and its own. It
// exits when the state file disappears (the parent cleaned up itself).
import fs from "node:fs"
import path from "node:path"

const [parentPid, stateFile] = [Number(process.argv[2]), process.argv[3]]

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === "EPERM"
  }
}

const timer = setInterval(() => {
  let state
  try {
    state = JSON.parse(fs.readFileSync(stateFile, "utf8"))
  } catch {
    clearInterval(timer)
    return
  }
  if (alive(parentPid)) return
  clearInterval(timer)
  for (const pgid of state.groups ?? []) {
    try {
      process.kill(-pgid, "SIGKILL")
    } catch {}
  }
  for (const pid of state.pids ?? []) {
    try {
      process.kill(pid, "SIGINT")
    } catch {}
  }
  // Folders only once their processes had a moment to exit (PostgreSQL's data folder).
  setTimeout(() => {
    for (const dir of [...(state.dirs ?? []), path.dirname(stateFile)]) fs.rmSync(dir, { recursive: true, force: true })
  }, 3000)
}, 500)
