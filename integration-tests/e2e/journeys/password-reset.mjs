// An artist who forgot their password resets it: on /dashboard/login "Forgot your password?", their email, the email
// the server sent (read from the stack's mailbox, lib/mailbox.mjs), its link opened, a new password (one too short
// refused first), and the dashboard. The link works once; the old password no longer logs in, the new one does.
// The artist is one this journey signs up (through the API), so no other journey's demo login changes.
import assert from "node:assert/strict"
import { after, test } from "node:test"
import { openJourney } from "../lib/journey.mjs"
import { api } from "../lib/gallery-api.mjs"

// Names of this run's records: the journey also runs against a server whose database it already ran on.
const RUN = Date.now().toString(36).slice(-5)
const ARTIST = { email: `ivy.${RUN}@studio-ivy.test`, password: "first-passphrase", first_name: "Ivy", last_name: "Ash" }
const NEW_PASSWORD = "a-new-long-passphrase"
const STUDIO = { name: "Studio Ivy", slug: `studio-ivy-${RUN}` }
const RESET_TEMPLATE = "auth-password-reset" // src/processes/accounts/password-reset-email.ts

const journey = await openJourney("password-reset")
after(() => journey.close())

test("password reset: an artist forgot their password", async (t) => {
  const { apiUrl, baseUrl, pages, mailbox } = journey

  // An artist with a studio, signed up the way the signup page does it (identity, member, studio).
  const credentials = { email: ARTIST.email, password: ARTIST.password }
  const { token: identityToken } = await api(apiUrl, "POST", "/auth/member/emailpass/register", { body: credentials })
  await api(apiUrl, "POST", "/api/members", {
    token: identityToken,
    body: { email: ARTIST.email, first_name: ARTIST.first_name, last_name: ARTIST.last_name },
  })
  const { token } = await api(apiUrl, "POST", "/auth/member/emailpass", { body: credentials })
  await api(apiUrl, "POST", "/api/organizations", { token, body: STUDIO })

  let link
  await t.test("ask for a reset link from the login page", async () => {
    const page = await pages.open("/dashboard/login")
    await page.getByRole("heading", { name: "Welcome to Atelier" }).waitFor()
    await page.getByRole("link", { name: "Forgot your password?" }).click()
    await page.getByRole("heading", { name: "Reset your password" }).waitFor()
    assert.match(page.url(), /\/dashboard\/reset-password$/)
    await page.locator("#email").fill(ARTIST.email)
    await pages.shot(page, "reset-request")
    const since = new Date(Date.now() - 1000)
    await page.getByRole("button", { name: "Email me a reset link" }).click()
    await page.getByTestId("reset-requested").waitFor()
    assert.match(await page.getByTestId("reset-requested").innerText(), new RegExp(`If ${ARTIST.email.replace(/\./g, "\\.")} has an Atelier account`))
    await pages.shot(page, "reset-requested")

    // The email the server sent (by a subscriber, a moment after the page's request was answered).
    const email = await mailbox.waitFor({ to: ARTIST.email, template: RESET_TEMPLATE, since })
    assert.equal(email.subject, "Reset your Atelier password")
    assert.match(email.text, /It works once, for 15 minutes\./)
    link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(email.text)?.[1]
    assert.ok(link, `no reset link in the email: ${email.text}`)
    // The link is this server's dashboard (the stack's PUBLIC_URL), and the HTML part links the same page.
    assert.ok(link.startsWith(`${baseUrl}/dashboard/reset-password?token=`), link)
    assert.ok(email.html.includes(`href="${link}"`), "the HTML part links the reset page")
  })

  await t.test("open the link, refuse a short password, set a new one and land in the dashboard", async () => {
    const page = await pages.open(link)
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor()
    await page.getByText(`For ${ARTIST.email}`).waitFor()
    await page.locator("#password").fill("short")
    await page.getByRole("button", { name: "Set new password" }).click()
    await page.locator('[data-field-error="password"]').waitFor()
    assert.equal(await page.locator('[data-field-error="password"]').innerText(), "Use at least 10 characters for your password")
    await pages.shot(page, "new-password-too-short", { allowError: true })
    await page.locator("#password").fill(NEW_PASSWORD)
    await page.getByRole("button", { name: "Set new password" }).click()
    // Logged in with the new password: the studio's overview.
    await page.getByTestId("kpi-revenue").waitFor()
    assert.equal(await page.getByTestId("organization-name").innerText(), STUDIO.name)
    await pages.shot(page, "dashboard-after-reset")
  })

  await t.test("the link works once", async () => {
    const page = await pages.open(link)
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor()
    await page.locator("#password").fill("yet-another-passphrase")
    await page.getByRole("button", { name: "Set new password" }).click()
    await page.locator("[data-form-error]").waitFor()
    assert.match(await page.locator("[data-form-error]").innerText(), /expired or was already used/)
    await pages.shot(page, "link-used-twice", { allowError: true })
  })

  await t.test("the old password no longer logs in; the new one does", async () => {
    const page = await pages.open("/dashboard/login")
    await page.getByRole("heading", { name: "Welcome to Atelier" }).waitFor()
    await page.locator("#email").fill(ARTIST.email)
    await page.locator("#password").fill(ARTIST.password)
    await page.getByRole("button", { name: "Log in" }).click()
    await page.locator("[data-form-error]").waitFor()
    assert.match(await page.locator("[data-form-error]").innerText(), /invalid email or password/i)
    await pages.shot(page, "old-password-refused", { allowError: true })
    await page.locator("#password").fill(NEW_PASSWORD)
    await page.getByRole("button", { name: "Log in" }).click()
    await page.getByTestId("kpi-revenue").waitFor()
    assert.equal(await page.getByTestId("organization-name").innerText(), STUDIO.name)
    await pages.shot(page, "login-new-password")
  })

  pages.assertNoPageErrors()
})
