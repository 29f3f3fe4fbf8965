// The gallery benchmark's round rules (bench/lib/rounds.mjs, bench/README.md "Rounds and medians" and "Topology"):
// pairs swap sides every round, Medusa's better shape is the better figure, and the two readings of a target.
type Step = { id: string; concurrency: number }
type RoundsModule = {
  roundSteps(groups: { ids: string[]; concurrencies: number[] }[], round: number): Step[]
  betterFigure(figure: string, a: number | null, b: number | null): number | null
  targetVerdicts(
    values: (number | null)[],
    median: number | null,
    bound: { min?: number; max?: number }
  ): { met: boolean | null; every_round_met: boolean; rounds_measured: number }
}

// A specifier in a variable: the harness's ES module has no type declarations, RoundsModule says what it exports.
const ROUNDS_MODULE = "../../bench/lib/rounds.mjs"
const load = (): Promise<RoundsModule> => import(ROUNDS_MODULE) as Promise<RoundsModule>
const steps = (list: Step[]) => list.map((s) => `${s.id}@${s.concurrency}`)

describe("bench rounds", () => {
  const groups = [
    { ids: ["baseline"], concurrencies: [10] },
    { ids: ["atelier_list", "medusa_list"], concurrencies: [1, 10] },
  ]

  it("runs each pair back to back per concurrency, Atelier first in odd rounds and Medusa first in even ones", async () => {
    const { roundSteps } = await load()
    expect(steps(roundSteps(groups, 1))).toEqual(["baseline@10", "atelier_list@1", "medusa_list@1", "atelier_list@10", "medusa_list@10"])
    expect(steps(roundSteps(groups, 2))).toEqual(["baseline@10", "medusa_list@1", "atelier_list@1", "medusa_list@10", "atelier_list@10"])
    expect(steps(roundSteps(groups, 3))).toEqual(steps(roundSteps(groups, 1)))
    // The groups themselves are left as they were.
    expect(groups[1].ids).toEqual(["atelier_list", "medusa_list"])
  })

  it("takes Medusa's better figure of its two shapes: more requests per second, a lower latency", async () => {
    const { betterFigure } = await load()
    expect(betterFigure("rps", 10, 14)).toBe(14)
    expect(betterFigure("p50_ms", 120, 95)).toBe(95)
    expect(betterFigure("rps", null, 7)).toBe(7)
    expect(betterFigure("p50_ms", 80, null)).toBe(80)
    expect(betterFigure("rps", null, null)).toBeNull()
  })

  it("judges the median, and separately every round, and gives no median verdict when a round did not measure", async () => {
    const { targetVerdicts } = await load()
    // Median 52 meets >= 50, but round 1's 48 does not.
    expect(targetVerdicts([48, 52, 53], 52, { min: 50 })).toEqual({ met: true, every_round_met: false, rounds_measured: 3 })
    expect(targetVerdicts([51, 52, 50], 51, { min: 50 })).toEqual({ met: true, every_round_met: true, rounds_measured: 3 })
    expect(targetVerdicts([0.19, 0.21, 0.2], 0.2, { max: 0.2 })).toEqual({ met: true, every_round_met: false, rounds_measured: 3 })
    expect(targetVerdicts([0.25, null, 0.3], 0.275, { max: 0.3 })).toEqual({ met: null, every_round_met: false, rounds_measured: 2 })
    expect(targetVerdicts([], null, { min: 1 })).toEqual({ met: null, every_round_met: false, rounds_measured: 0 })
  })
})
