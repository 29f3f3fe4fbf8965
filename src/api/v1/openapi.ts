import { z } from "@medusajs/framework/zod"
import { API_SCOPES } from "../../lib/api-scopes"
import { FILTER_OPERATORS, OPERATOR_SYNTAX } from "../../lib/v1-query"
import { PLATFORM_ERROR_CODES } from "../../lib/error-bodies"
import { V1_OPERATIONS, type V1Operation } from "./operations"
import { ErrorResponse, type ListSpec } from "./validators"

// The OpenAPI 3.1 document of the platform API, generated from the operations table and the zod schemas that
// validate the routes (zod 4's own JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as is).

type JsonSchema = Record<string, unknown>

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // Transforms (a query string's text to a number) are described by their input; refinements cannot be.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema
  return rest
}

function queryParameters(spec: ListSpec, operation: V1Operation) {
  const plain = Object.entries(spec.params).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    ...(operation.deprecatedParams?.includes(name) ? { deprecated: true } : {}),
    description: schema.description,
    schema: jsonSchema(schema, "input"),
  }))
  const filters = Object.entries(spec.filters).flatMap(([field, filter]) =>
    FILTER_OPERATORS.filter((op) => filter.operators.includes(op)).map((op) => ({
      name: OPERATOR_SYNTAX[op].parameter(field),
      in: "query",
      required: false,
      description: `${filter.description} Written \`${OPERATOR_SYNTAX[op].example(field)}\`${
        op === "in" ? " (comma-separated)" : ""
      }.`,
      schema: op === "in" ? { type: "string" } : jsonSchema(filter.schema, "input"),
    }))
  )
  return [...plain, ...filters]
}

const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": { description: "Requests allowed in the window that runs out first", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in that window", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "When that window resets (Unix seconds)", schema: { type: "integer" } },
}

function errorResponse(description: string, extraHeaders: Record<string, unknown> = {}) {
  return {
    description,
    headers: extraHeaders,
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  }
}

function operationObject(operation: V1Operation) {
  const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }))
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    description: `Requires the \`${operation.scope}\` scope (write implies read, admin implies all).`,
    security: [{ apiKey: [] }],
    parameters: [...pathParameters, ...(operation.query ? queryParameters(operation.query, operation) : [])],
    ...(operation.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(operation.body, "input") } } } }
      : {}),
    responses: {
      [operation.success.status]: {
        description: operation.success.description,
        headers: RATE_LIMIT_HEADERS,
        content: { "application/json": { schema: jsonSchema(operation.success.schema, "output") } },
      },
      400: errorResponse("Invalid query or body (code invalid_request; details.field names the parameter or field)"),
      401: errorResponse("No key (authentication_required), or a malformed, unknown, revoked or wrong-environment key (invalid_api_key)"),
      403: errorResponse(
        "The key lacks the scope (insufficient_scope), the object belongs to another organization, or a write with a key " +
          "of an expired guest workspace (workspace_expired)"
      ),
      ...(operation.notFound ? { 404: errorResponse("No such object (not_found)") } : {}),
      405: errorResponse("A method this path does not have (method_not_allowed); Allow lists the ones it has", {
        Allow: { description: "The methods of this path", schema: { type: "string" } },
      }),
      429: errorResponse("Rate limit exceeded (rate_limit_exceeded)", {
        ...RATE_LIMIT_HEADERS,
        "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } },
      }),
      500: errorResponse("Internal error (internal_error)"),
    },
  }
}

/** The whole document (paths under /v1; the servers are the live and sandbox roots). */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const operation of V1_OPERATIONS) {
    const path = `/v1${operation.path}`
    paths[path] = { ...paths[path], [operation.method.toLowerCase()]: operationObject(operation) }
  }
  paths["/v1/openapi.json"] = {
    get: {
      operationId: "getOpenApiDocument",
      summary: "This document (public, no key needed)",
      security: [],
      responses: { 200: { description: "The OpenAPI 3.1 document", content: { "application/json": { schema: { type: "object" } } } } },
    },
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Atelier platform API",
      version: "v1",
      description:
        "Organization-scoped API for artists' own sites and integrations. Authenticate with `Authorization: Bearer <key>` " +
        `(keys atl_live_... for live, atl_test_... for the sandbox). Scopes: ${API_SCOPES.join(", ")}. ` +
        `Error codes: ${PLATFORM_ERROR_CODES.join(", ")}. A path the API does not have answers 404 (not_found), a ` +
        "method a path does not have 405 (method_not_allowed, with Allow), both in the error body below, with or " +
        "without a key. A malformed percent-escape in the path answers 400 (invalid_request). Deprecated usage is " +
        'announced with Deprecation, Sunset and Link rel="deprecation" headers.',
    },
    servers: [
      { url: "/", description: "Live" },
      { url: "/sandbox", description: "Sandbox (sandbox keys, isolated data, no rate limits)" },
    ],
    paths,
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An Atelier API key" } },
      schemas: { Error: jsonSchema(ErrorResponse, "output") },
    },
  }
}
