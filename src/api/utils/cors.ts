import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { parseCorsOrigins } from "@medusajs/framework/utils"
import cors from "cors"
import { routeFamily } from "../../lib/error-bodies"
import { requestPath } from "../../lib/request-path"
import { ERROR_FIELD_HEADER } from "./error-response"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => void

const DEVELOPMENT_ORIGINS = "http://localhost:8000,http://localhost:9000,http://localhost:5173"

/**
 * Medusa applies CORS only to its own /store, /admin and /auth routes; Atelier's families get theirs from
 * GALLERY_CORS and APP_CORS (Medusa's comma-separated format, regular expressions allowed), with credentials:
 * the cart cookie and bearer tokens.
 */
function familyCors(variable: "GALLERY_CORS" | "APP_CORS" | "PLATFORM_CORS", credentials = true): Middleware {
  return cors({
    origin: parseCorsOrigins(process.env[variable] ?? DEVELOPMENT_ORIGINS),
    credentials,
    // Read by storefront forms on another origin (error-response.ts).
    exposedHeaders: [ERROR_FIELD_HEADER],
  }) as Middleware
}

/**
 * One CORS policy per route family: the gallery host's (/api/gallery, /api/admin), the dashboard's, and the platform
 * API's (/v1, /api/v1, /sandbox/v1: PLATFORM_CORS, no credentials, since the API key travels in a header).
 */
export function apiCors(): Middleware {
  const gallery = familyCors("GALLERY_CORS")
  const application = familyCors("APP_CORS")
  const platform = familyCors("PLATFORM_CORS", false)
  return (req, res, next) => {
    const family = routeFamily(requestPath(req))
    return (family === "gallery" ? gallery : family === "platform" ? platform : application)(req, res, next)
  }
}
