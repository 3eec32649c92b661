import { waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

type View = Awaited<ReturnType<typeof renderRoute>>;

const field = (view: View, label: string) => view.screen.getByLabelText(label) as HTMLInputElement;

// Toasts and dialogs are kept by modules that outlive a test: none carries over to the next.
beforeEach(() => toast.dismiss());

describe("Profile", () => {
  it("shows the person, checks the form, saves the changes and shows them at once", async () => {
    const view = await renderRoute("/profile", { as: DEMO_FREELANCER });
    const { screen, user, db } = view;
    expect(await screen.findByRole("heading", { level: 1, name: "Maya Patel" })).toBeTruthy();
    expect(screen.getByText(DEMO_FREELANCER, { selector: "p" })).toBeTruthy();
    // No photo: her initials stand in.
    expect(screen.getByRole("img", { name: "Photo of Maya Patel" }).textContent).toBe("MP");
    expect(field(view, "Name").value).toBe("Maya Patel");
    expect(field(view, "Photo URL (optional)").value).toBe("");
    await waitFor(() => expect(document.title).toBe("Profile - QuickGig"));

    await user.clear(field(view, "Name"));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    // The photo is optional: no error for an empty one.
    expect(screen.queryByText(/Photo URL/, { selector: ".field-error" })).toBeNull();

    await user.type(field(view, "Name"), "Maya P.");
    await user.type(field(view, "Photo URL (optional)"), "ftp://example.com/me.png");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Photo URL must be a web address starting with http:// or https://")).toBeTruthy();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    expect(maya?.name).toBe("Maya Patel");

    await user.clear(field(view, "Photo URL (optional)"));
    await user.type(field(view, "Photo URL (optional)"), "https://example.com/maya.png");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Profile updated successfully.")).toBeTruthy();
    expect(maya).toMatchObject({ name: "Maya P.", image: "https://example.com/maya.png" });
    // The page and the header show the new name and photo.
    expect(await screen.findByRole("heading", { level: 1, name: "Maya P." })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Photo of Maya P." }).getAttribute("src")).toBe(
      "https://example.com/maya.png",
    );
    expect(screen.getByRole("link", { name: "Maya P. (profile)" })).toBeTruthy();
  });

  it("takes the photo away again: the initials come back", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    if (maya) maya.image = "https://example.com/maya.png";
    const view = await renderRoute("/profile", { as: DEMO_FREELANCER, db });
    expect((await view.screen.findByRole("img", { name: "Photo of Maya Patel" })).getAttribute("src")).toBe(
      "https://example.com/maya.png",
    );
    await view.user.clear(field(view, "Photo URL (optional)"));
    await view.user.click(view.screen.getByRole("button", { name: "Save Changes" }));
    expect(await view.screen.findByText("Profile updated successfully.")).toBeTruthy();
    expect(maya?.image).toBe("");
    await waitFor(() => expect(view.screen.getByRole("img", { name: "Photo of Maya Patel" }).textContent).toBe("MP"));
  });

  it("says why the changes were not saved", async () => {
    const view = await renderRoute("/profile", {
      as: DEMO_FREELANCER,
      handlers: [
        http.post("*/api/auth/update-user", () =>
          HttpResponse.json(
            { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Profiles are resting." },
            { status: 500, headers: { "content-type": "application/problem+json" } },
          ),
        ),
      ],
    });
    await view.screen.findByRole("heading", { level: 1, name: "Maya Patel" });
    await view.user.type(field(view, "Photo URL (optional)"), "https://example.com/maya.png");
    await view.user.click(view.screen.getByRole("button", { name: "Save Changes" }));
    expect(await view.screen.findByText("Profiles are resting.")).toBeTruthy();
    expect(view.db.users.find((person) => person.email === DEMO_FREELANCER)?.image).toBeNull();
  });

  it("asks a visitor to log in, with the way back", async () => {
    const { screen } = await renderRoute("/profile");
    expect(await screen.findByRole("heading", { name: "Please log in to view your profile." })).toBeTruthy();
    const login = within(screen.getByRole("main")).getByRole("link", { name: "Login" });
    expect(login.getAttribute("href")).toBe("/auth/login?redirect=%2Fprofile");
  });

  it("shows the profile without the email choices when they cannot be read, and says why", async () => {
    const { screen } = await renderRoute("/profile", {
      as: DEMO_FREELANCER,
      handlers: [http.get("*/api/me/notification-preferences", () => HttpResponse.error())],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Maya Patel" })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Your email choices could not be loaded: Could not reach QuickGig. Check your connection and try again.",
      ),
    );
    expect(screen.queryByRole("heading", { name: "Email notifications" })).toBeNull();
  });
});
