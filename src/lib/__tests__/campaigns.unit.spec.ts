import { CAMPAIGN_CONFLICTS, campaignEmailKey, completedStatus, sendDecision } from "../campaigns"
import { campaignEmailHtml, hasVisibleContent, sanitizeCampaignHtml } from "../campaign-content"

describe("sending a campaign", () => {
  const now = new Date("2026-11-23T10:00:00Z")
  const later = new Date("2026-11-23T12:00:00Z")
  const earlier = new Date("2026-11-23T09:00:00Z")

  it("sends a draft now, or schedules it when its time is ahead", () => {
    expect(sendDecision("draft", null, now)).toEqual({ action: "send_now" })
    expect(sendDecision("draft", later, now)).toEqual({ action: "schedule" })
    expect(sendDecision("draft", earlier, now)).toEqual({ action: "send_now" })
    expect(sendDecision("draft", now, now)).toEqual({ action: "send_now" })
  })

  it("refuses campaigns already scheduled, sending or sent (409), and sends a failed one again", () => {
    expect(sendDecision("scheduled", later, now)).toEqual({ action: "conflict", message: CAMPAIGN_CONFLICTS.scheduled })
    expect(sendDecision("sending", null, now)).toEqual({ action: "conflict", message: CAMPAIGN_CONFLICTS.sending })
    expect(sendDecision("sent", null, now)).toEqual({ action: "conflict", message: CAMPAIGN_CONFLICTS.sent })
    expect(sendDecision("failed", later, now)).toEqual({ action: "send_now" })
  })

  it("closes as failed only when nobody could be emailed though some were tried", () => {
    expect(completedStatus({ sent: 0, failed: 3 })).toBe("failed")
    expect(completedStatus({ sent: 1, failed: 3 })).toBe("sent")
    expect(completedStatus({ sent: 0, failed: 0 })).toBe("sent")
  })

  it("keys one email per campaign and recipient", () => {
    expect(campaignEmailKey("camp_1", "crec_2")).toBe("campaign:camp_1:crec_2")
  })
})

describe("campaign content", () => {
  it("removes what a mail client must never run or load", () => {
    const html = sanitizeCampaignHtml(
      `<p onclick="x()">Hi <a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a></p>` +
        `<script>alert(1)</script><style>p{color:red}</style><iframe src="https://x.test"></iframe>` +
        `<form action="https://x.test"><input name="card"></form><object data="x"></object>` +
        `<img src="http://x.test/p.gif"><img src="data:image/png;base64,AAAA"><img src="//x.test/p.gif">`
    )
    expect(html).toBe(`<p>Hi <a>a</a><a>b</a></p><img /><img /><img />`)
  })

  it("keeps formatting, https images, web and mail links, and the safe part of inline styles", () => {
    const html = sanitizeCampaignHtml(
      `<h2 style="text-align:center;color:#333">Spring</h2>` +
        `<p style="background:url(https://x.test/t.gif);font-size:18px;position:absolute">Prints <em>and</em> <strong>originals</strong></p>` +
        `<a href="https://studio.test/shop" target="_top">Shop</a> <a href="mailto:hi@studio.test">Write</a>` +
        `<img src="https://cdn.test/a.jpg" alt="A" width="600"><table><tr><td align="center">x</td></tr></table>`
    )
    expect(html).toBe(
      `<h2 style="text-align:center;color:#333">Spring</h2>` +
        `<p style="font-size:18px">Prints <em>and</em> <strong>originals</strong></p>` +
        `<a href="https://studio.test/shop" target="_blank" rel="noopener noreferrer">Shop</a> <a href="mailto:hi@studio.test">Write</a>` +
        `<img src="https://cdn.test/a.jpg" alt="A" width="600" /><table><tr><td align="center">x</td></tr></table>`
    )
  })

  it("tells whether anything is left to show", () => {
    expect(hasVisibleContent(sanitizeCampaignHtml("<script>x</script><style>p{}</style>"))).toBe(false)
    expect(hasVisibleContent(sanitizeCampaignHtml("<p> &nbsp; </p>"))).toBe(false)
    expect(hasVisibleContent(sanitizeCampaignHtml("<p>Hello</p>"))).toBe(true)
    expect(hasVisibleContent(sanitizeCampaignHtml(`<img src="https://cdn.test/a.jpg">`))).toBe(true)
  })

  it("adds the store's footer with the unsubscribe link, escaped", () => {
    const html = campaignEmailHtml("<p>Hi</p>", { storeName: `Ana & "Bo" <Studio>`, unsubscribeUrl: "https://a.test/api/unsubscribe/x.y" })
    expect(html).toContain("<div><p>Hi</p></div>")
    expect(html).toContain(`you bought from Ana &amp; &quot;Bo&quot; &lt;Studio&gt;.`)
    expect(html).toContain(`<a href="https://a.test/api/unsubscribe/x.y">Unsubscribe</a>`)
  })
})
