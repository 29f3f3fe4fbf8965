import { imageBaseUrl, readFileStorage } from "../file-storage"

describe("file storage", () => {
  it("builds the image route's base on PUBLIC_URL, else on localhost:PORT", () => {
    expect(imageBaseUrl({})).toBe("http://localhost:9000/api/gallery/images")
    expect(imageBaseUrl({ PORT: "7001" })).toBe("http://localhost:7001/api/gallery/images")
    expect(imageBaseUrl({ PUBLIC_URL: "https://atelier.example" })).toBe("https://atelier.example/api/gallery/images")
  })

  it("keeps files locally by default, under static/ or FILE_UPLOAD_DIR, at the image route's URLs", () => {
    expect(readFileStorage({ PORT: "7001" }, "/srv/atelier")).toEqual({
      outcome: "ok",
      provider: {
        resolve: "@medusajs/medusa/file-local",
        id: "local",
        options: { upload_dir: "/srv/atelier/static", backend_url: "http://localhost:7001/api/gallery/images" },
      },
    })
    const custom = readFileStorage({ FILE_UPLOAD_DIR: "../uploads" }, "/srv/atelier/.medusa/server")
    expect(custom).toMatchObject({ provider: { options: { upload_dir: "/srv/atelier/.medusa/uploads" } } })
    expect(readFileStorage({ FILE_UPLOAD_DIR: "/var/atelier/files" }, "/srv")).toMatchObject({
      provider: { options: { upload_dir: "/var/atelier/files" } },
    })
  })

  it("uses S3 when S3_BUCKET is set: served through the image route (objects without an ACL) unless S3_FILE_URL says where the bucket is", () => {
    const env = {
      PUBLIC_URL: "https://atelier.example",
      S3_BUCKET: "atelier-images",
      S3_REGION: "auto",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_ENDPOINT: "https://r2.example",
      S3_PREFIX: "atelier-",
      S3_FORCE_PATH_STYLE: "true",
    }
    expect(readFileStorage(env, "/srv")).toEqual({
      outcome: "ok",
      provider: {
        resolve: "@medusajs/medusa/file-s3",
        id: "s3",
        options: {
          bucket: "atelier-images",
          region: "auto",
          file_url: "https://atelier.example/api/gallery/images",
          endpoint: "https://r2.example",
          prefix: "atelier-",
          access_key_id: "key",
          secret_access_key: "secret",
          authentication_method: "access-key",
          acl: false,
          additional_client_config: { forcePathStyle: true },
        },
      },
    })
    const bare = readFileStorage({ S3_BUCKET: "b", S3_REGION: "eu-west-1", S3_FILE_URL: "https://cdn.example/" }, "/srv")
    expect(bare).toEqual({
      outcome: "ok",
      provider: {
        resolve: "@medusajs/medusa/file-s3",
        id: "s3",
        options: {
          bucket: "b",
          region: "eu-west-1",
          file_url: "https://cdn.example",
          endpoint: undefined,
          prefix: undefined,
          access_key_id: undefined,
          secret_access_key: undefined,
          authentication_method: "s3-iam-role",
        },
      },
    })
  })

  it("refuses an S3 configuration it cannot work with, saying which variable", () => {
    expect(readFileStorage({ S3_BUCKET: "b" }, "/srv")).toEqual({
      outcome: "refused",
      message: "S3_REGION must be set when S3_BUCKET is (e.g. us-east-1, or auto)",
    })
    expect(readFileStorage({ S3_BUCKET: "b", S3_REGION: "auto", S3_ACCESS_KEY_ID: "key" }, "/srv")).toMatchObject({
      outcome: "refused",
      message: expect.stringMatching(/^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/),
    })
    expect(readFileStorage({ S3_BUCKET: "b", S3_REGION: "auto", S3_PREFIX: "atelier/" }, "/srv")).toMatchObject({
      outcome: "refused",
      message: expect.stringMatching(/^S3_PREFIX must not contain "\/"/),
    })
    expect(readFileStorage({ S3_BUCKET: "b", S3_REGION: "auto", S3_FORCE_PATH_STYLE: "yes" }, "/srv")).toMatchObject({
      outcome: "refused",
      message: 'S3_FORCE_PATH_STYLE must be true or false (got "yes")',
    })
  })
})
