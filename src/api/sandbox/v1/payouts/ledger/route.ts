// The same route at this mount (src/api/v1/middlewares.ts PLATFORM_MOUNTS).
export { GET } from "../../../../v1/payouts/ledger/route"
