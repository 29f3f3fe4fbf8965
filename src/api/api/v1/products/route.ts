// The same route at this mount (src/api/v1/middlewares.ts PLATFORM_MOUNTS).
export { GET, POST } from "../../../v1/products/route"
