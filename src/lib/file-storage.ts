// Where uploaded files are kept (docs/configuration.md, "Files and images"): Medusa's file module with its local
// provider by default, its S3 provider (any S3-compatible store) when S3_BUCKET is set. Pure: medusa-config.ts
// passes the result to Medusa, the seed builds the demo pictures' URLs with the same base.
import path from "node:path"
import { IMAGE_ROUTE_PATH } from "./images"
import { publicServerUrl } from "./public-urls"

type Env = Record<string, string | undefined>

const value = (env: Env, name: string) => {
  const raw = env[name]?.trim()
  return raw ? raw : undefined
}

/** The image route's base URL on this server: stored images are `<base>/<key>`, the demo's `<base>/demo/<name>.webp`. */
export function imageBaseUrl(env: Env): string {
  return `${publicServerUrl(env)}${IMAGE_ROUTE_PATH}`
}

export type FileProviderConfig =
  | { resolve: "@medusajs/medusa/file-local"; id: "local"; options: { upload_dir: string; backend_url: string } }
  | {
      resolve: "@medusajs/medusa/file-s3"
      id: "s3"
      options: {
        bucket: string
        region: string
        file_url: string
        endpoint?: string
        prefix?: string
        access_key_id?: string
        secret_access_key?: string
        authentication_method: "access-key" | "s3-iam-role"
        /** false: objects are put without an ACL (Medusa's provider otherwise asks for public-read). */
        acl?: false
        additional_client_config?: { forcePathStyle: boolean }
      }
    }

export type FileStorage = { outcome: "ok"; provider: FileProviderConfig } | { outcome: "refused"; message: string }

/**
 * The file provider. Local (default): files under FILE_UPLOAD_DIR (default `static`, below the server's working
 * directory: Medusa's own default, which `medusa develop` does not watch). S3 when S3_BUCKET is set: S3_REGION
 * required, S3_ACCESS_KEY_ID with S3_SECRET_ACCESS_KEY (both or neither: neither uses the machine's IAM role),
 * S3_ENDPOINT for another S3-compatible store (S3_FORCE_PATH_STYLE=true where it needs path-style URLs), S3_PREFIX.
 * Either way the stored files' URLs are the image route's (`<PUBLIC_URL>/api/gallery/images/<key>`), which reads
 * them through the file module and serves them sized, unless S3_FILE_URL names where the bucket is served from. Read
 * through the route, objects need no public ACL (so a private bucket with ACLs disabled works); served from the
 * bucket, they are put public-read as Medusa's provider does.
 */
export function readFileStorage(env: Env, cwd: string): FileStorage {
  const bucket = value(env, "S3_BUCKET")
  if (!bucket) {
    return {
      outcome: "ok",
      provider: {
        resolve: "@medusajs/medusa/file-local",
        id: "local",
        options: { upload_dir: path.resolve(cwd, value(env, "FILE_UPLOAD_DIR") ?? "static"), backend_url: imageBaseUrl(env) },
      },
    }
  }
  const region = value(env, "S3_REGION")
  if (!region) return { outcome: "refused", message: "S3_REGION must be set when S3_BUCKET is (e.g. us-east-1, or auto)" }
  const accessKeyId = value(env, "S3_ACCESS_KEY_ID")
  const secretAccessKey = value(env, "S3_SECRET_ACCESS_KEY")
  if (!accessKeyId !== !secretAccessKey) {
    return { outcome: "refused", message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for an IAM role)" }
  }
  const prefix = value(env, "S3_PREFIX")
  // The image route takes a key as one path segment.
  if (prefix && /[/\\]/.test(prefix)) {
    return { outcome: "refused", message: `S3_PREFIX must not contain "/" (e.g. "atelier-", got "${prefix}")` }
  }
  const forcePathStyle = value(env, "S3_FORCE_PATH_STYLE")
  if (forcePathStyle && forcePathStyle !== "true" && forcePathStyle !== "false") {
    return { outcome: "refused", message: `S3_FORCE_PATH_STYLE must be true or false (got "${forcePathStyle}")` }
  }
  const fileUrl = value(env, "S3_FILE_URL")
  return {
    outcome: "ok",
    provider: {
      resolve: "@medusajs/medusa/file-s3",
      id: "s3",
      options: {
        bucket,
        region,
        file_url: (fileUrl ?? imageBaseUrl(env)).replace(/\/+$/, ""),
        endpoint: value(env, "S3_ENDPOINT"),
        prefix,
        access_key_id: accessKeyId,
        secret_access_key: secretAccessKey,
        authentication_method: accessKeyId ? "access-key" : "s3-iam-role",
        ...(fileUrl ? {} : { acl: false as const }),
        ...(forcePathStyle === "true" ? { additional_client_config: { forcePathStyle: true } } : {}),
      },
    },
  }
}
