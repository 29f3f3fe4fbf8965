import type { ExecArgs } from "@medusajs/framework/types"
import { createStep, createWorkflow, StepResponse, WorkflowResponse, transform, when } from "@medusajs/framework/workflows-sdk"

const s1 = createStep("prof-s1", async (input: { a: number }) => new StepResponse({ b: input.a + 1 }, { x: 1 }), async () => {})
const s2 = createStep("prof-s2", async (input: { b: number }) => new StepResponse({ c: input.b + 1 }))
const s3 = createStep("prof-s3", async (input: { c: number }) => new StepResponse({ d: input.c + 1 }))
const wf = createWorkflow("prof-wf", (input: { a: number }) => {
  const r1 = s1(input)
  const r2 = s2(r1)
  const r3 = when("prof-when", { r2 }, ({ r2 }) => r2.c > 0).then(() => s3(r2))
  const out = transform({ r1, r3 }, ({ r1, r3 }) => ({ ...r1, ...r3 }))
  return new WorkflowResponse(out)
})
const wf1 = createWorkflow("prof-wf1", (input: { a: number }) => new WorkflowResponse(s1(input)))

export default async function run({ container }: ExecArgs) {
  for (const [name, w] of [["3 steps + when", wf], ["1 step", wf1]] as const) {
    const ms: number[] = []
    for (let i = 0; i < 300; i++) {
      const t = process.hrtime.bigint()
      await w(container).run({ input: { a: i } })
      ms.push(Number(process.hrtime.bigint() - t) / 1e6)
    }
    ms.sort((a, b) => a - b)
    console.log(name, "p50", ms[150].toFixed(2), "ms p90", ms[270].toFixed(2))
  }
}
