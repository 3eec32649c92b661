import { waitFor, within } from "@testing-library/react";
import { http } from "msw";
import { toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_FREELANCER, renderRoute } from "../../test/render-route.tsx";
import { freshMockApi } from "../../test/setup.ts";

beforeEach(() => toast.dismiss());

describe("About you, on /profile", () => {
  it("shows what the person says of themselves, checks it, and saves it", async () => {
    const db = freshMockApi();
    const saved: unknown[] = [];
    const { screen, user } = await renderRoute("/profile", {
      db,
      as: DEMO_FREELANCER,
      handlers: [
        http.put("*/api/profile/about", async ({ request }) => {
          saved.push(await request.clone().json());
          return undefined;
        }),
      ],
    });
    const form = await screen.findByRole("form", { name: "About you" });
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    expect(within(form).getByRole("link", { name: "View your public profile" }).getAttribute("href")).toBe(
      `/users/${maya?.id}`,
    );
    const bio = within(form).getByLabelText("Bio") as HTMLTextAreaElement;
    expect(bio.value).toMatch(/^Designer for small brands/);
    const skills = () =>
      within(within(form).getByRole("list", { name: "Your skills" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent?.replace("×", ""));
    expect(skills()).toEqual(["Figma", "Logo design", "Photo retouching", "Illustration", "Web design"]);
    expect((within(form).getByLabelText("Field") as HTMLSelectElement).value).toBe("Designers");

    // A skill is added with Enter or the button, and removed with its own button.
    const skill = within(form).getByLabelText(/^Skills/);
    await user.type(skill, "Packaging{Enter}");
    await user.type(skill, "Typography");
    await user.click(within(form).getByRole("button", { name: "Add skill" }));
    await user.click(within(form).getByRole("button", { name: "Remove Illustration" }));
    expect(skills()).toEqual(["Figma", "Logo design", "Photo retouching", "Web design", "Packaging", "Typography"]);

    // Each problem is named.
    await user.type(skill, "x".repeat(41));
    await user.click(within(form).getByRole("button", { name: "Add skill" }));
    expect(within(form).getByText("Each skill must be at most 40 characters")).toBeTruthy();
    await user.clear(skill);
    await user.type(skill, "figma{Enter}");
    expect(within(form).getByText("figma is already in your skills")).toBeTruthy();
    await user.clear(skill);
    for (const extra of ["A", "B", "C", "D", "E", "F", "G", "H", "I"]) await user.type(skill, `${extra}{Enter}`);
    expect(skills()).toHaveLength(15);
    await user.type(skill, "One too many{Enter}");
    expect(within(form).getByText("At most 15 skills: remove one to add another")).toBeTruthy();
    await user.clear(skill);
    for (const extra of ["A", "B", "C", "D", "E", "F", "G", "H", "I"])
      await user.click(within(form).getByRole("button", { name: `Remove ${extra}` }));

    await user.clear(bio);
    await user.click(bio);
    await user.paste("b".repeat(1001));
    await user.click(within(form).getByRole("button", { name: "Save About you" }));
    expect(await within(form).findByText("Bio must be at most 1,000 characters")).toBeTruthy();
    expect(saved).toEqual([]);

    await user.clear(bio);
    await user.type(bio, "Logos and packaging.");
    await user.selectOptions(within(form).getByLabelText("Field"), "None");
    await user.click(within(form).getByRole("button", { name: "Save About you" }));
    expect(await screen.findByText("Your public profile is updated.")).toBeTruthy();
    expect(saved).toEqual([
      {
        bio: "Logos and packaging.",
        skills: ["Figma", "Logo design", "Photo retouching", "Web design", "Packaging", "Typography"],
        field: null,
      },
    ]);
  });

  it("shows the public profile with what was saved", async () => {
    const db = freshMockApi();
    const maya = db.users.find((person) => person.email === DEMO_FREELANCER);
    const { screen, user, router } = await renderRoute("/profile", { db, as: DEMO_FREELANCER });
    const form = await screen.findByRole("form", { name: "About you" });
    const bio = within(form).getByLabelText("Bio");
    await user.clear(bio);
    await user.type(bio, "Now also murals.");
    await user.click(within(form).getByRole("button", { name: "Save About you" }));
    expect(await screen.findByText("Your public profile is updated.")).toBeTruthy();
    await user.click(within(form).getByRole("link", { name: "View your public profile" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${maya?.id}`));
    expect(await screen.findByText("Now also murals.")).toBeTruthy();
  });
});
