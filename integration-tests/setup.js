// Each test file loads modules afresh; MikroORM's metadata registry is global and must start empty.
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()
