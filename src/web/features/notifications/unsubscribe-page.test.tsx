import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/render-route.tsx";

describe("Unsubscribe", () => {
  it("says a link without its token cannot work, and points to the profile", async () => {
    const { screen } = await renderRoute("/email/unsubscribe");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("This unsubscribe link is not valid. Open your profile to choose your emails.");
    expect(screen.getByRole("link", { name: "profile" }).getAttribute("href")).toBe("/profile");
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("stops that kind of email once confirmed, without signing in", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent: unknown;
    const accepted = http.post("*/api/email/unsubscribe", async ({ request }) => {
      sent = await request.json();
      await held;
      return HttpResponse.json({ kind: "message-new", label: "New messages" });
    });
    const { screen, user } = await renderRoute("/email/unsubscribe?token=tok-123", { handlers: [accepted] });
    expect(await screen.findByRole("heading", { name: "Unsubscribe" })).toBeTruthy();
    expect(screen.getByText(/Stop getting emails of the kind that brought you here/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    const busy = await screen.findByRole("button", { name: "Unsubscribing…" });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    expect((await screen.findByRole("status")).textContent).toBe(
      "You will no longer get emails for “New messages”. You can change this in your profile.",
    );
    expect(sent).toEqual({ token: "tok-123" });
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("pauses the saved search a task alert came from, and says where to resume it", async () => {
    const accepted = http.post("*/api/email/unsubscribe", () =>
      HttpResponse.json({ kind: "task-alert", label: "Task alerts: logo design", paused: "logo design" }),
    );
    const { screen, user } = await renderRoute("/email/unsubscribe?token=u1.search-s1.sig", { handlers: [accepted] });
    expect(await screen.findByText(/Pause the saved search whose task alert brought you here/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Your saved search “logo design” is paused: it tells you of no new tasks until you resume it in Task alerts.",
    );
    expect(screen.getByRole("link", { name: "Task alerts" }).getAttribute("href")).toBe("/dashboard/alerts");
  });

  it("shows the server's refusal of the link, and the way to the profile", async () => {
    const { screen, user } = await renderRoute("/email/unsubscribe?token=forged");
    await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This unsubscribe link is not valid. Open your profile to choose your emails.",
    );
    expect(screen.getByRole("link", { name: "Open your profile" }).getAttribute("href")).toBe("/profile");
    // The person may try again.
    expect((screen.getByRole("button", { name: "Unsubscribe" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says the network is down when the server cannot be reached", async () => {
    const { screen, user } = await renderRoute("/email/unsubscribe?token=tok-123", {
      handlers: [http.post("*/api/email/unsubscribe", () => HttpResponse.error())],
    });
    await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Could not reach QuickGig. Check your connection and try again.",
    );
  });
});
