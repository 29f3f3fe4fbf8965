import { useCallback, useEffect, useRef, useState } from "react"

/** The three states every page shows: loading, the error, or the data. */
export type AsyncState<T> =
  | { status: "loading"; data?: undefined; error?: undefined }
  | { status: "error"; data?: undefined; error: Error }
  | { status: "success"; data: T; error?: undefined }

/**
 * Runs `load` when `deps` change and tracks its state; `reload()` runs it again. A stale answer (deps changed
 * meanwhile) is dropped. `setData` replaces the data after a write that answered the new state.
 */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<AsyncState<T>>({ status: "loading" })
  const generation = useRef(0)
  const run = useCallback(load, deps)
  const reload = useCallback(() => {
    const mine = ++generation.current
    setState((previous) => (previous.status === "success" ? previous : { status: "loading" }))
    run().then(
      (data) => mine === generation.current && setState({ status: "success", data }),
      (error: unknown) =>
        mine === generation.current && setState({ status: "error", error: error instanceof Error ? error : new Error(String(error)) })
    )
  }, [run])
  useEffect(() => {
    setState({ status: "loading" })
    reload()
  }, [reload])
  const setData = useCallback((data: T) => setState({ status: "success", data }), [])
  return { ...state, reload, setData }
}
