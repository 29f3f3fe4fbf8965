import { createAtelierSdk } from "../../../src/sdk"

/** The gallery talks to the server that serves it (same origin: the cart cookie is first-party). */
export const sdk = createAtelierSdk()
