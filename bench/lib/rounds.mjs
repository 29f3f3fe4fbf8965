// The gallery benchmark's round rules (bench/README.md, "Rounds and medians", "Topology"): the order of a round's
// steps, and what a round's figures say against Medusa's better shape and against a target.

/**
 * The steps of round `round` (1-based) from `groups` ({ids, concurrencies}): at each concurrency the group's ids back
 * to back, in their order in odd rounds and reversed in even ones, so that neither side of a pair always runs first.
 */
export function roundSteps(groups, round) {
  return groups.flatMap(({ ids, concurrencies }) => {
    const ordered = round % 2 === 0 ? [...ids].reverse() : ids
    return concurrencies.flatMap((concurrency) => ordered.map((id) => ({ id, concurrency })))
  })
}

/** The better of two measurements of `figure` (higher `rps`, lower latency); either may be missing (null). */
export function betterFigure(figure, a, b) {
  if (a == null) return b ?? null
  if (b == null) return a
  return figure === "rps" ? Math.max(a, b) : Math.min(a, b)
}

/**
 * A target's verdicts over the rounds' `values` (null where a round could not measure the figure) and their `median`:
 * `met` judges the median, and only when every round measured it (null otherwise); `every_round_met` asks each
 * round's own value to be within the target.
 */
export function targetVerdicts(values, median, { min, max }) {
  const within = (value) => (min != null ? value >= min : value <= max)
  const measured = values.filter((value) => value != null).length
  const complete = values.length > 0 && measured === values.length
  return {
    met: complete ? within(median) : null,
    every_round_met: complete && values.every(within),
    rounds_measured: measured,
  }
}
