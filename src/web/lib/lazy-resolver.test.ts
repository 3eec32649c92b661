import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { checkLazily, lazyZodResolver } from "./lazy-resolver.ts";

const Schema = z.object({ email: z.email("Enter a valid email") });
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyZodResolver", () => {
  it("checks with the schema once loaded, and loads it once", async () => {
    const loadSchema = vi.fn(async () => Schema);
    const { resolver } = lazyZodResolver(loadSchema);
    const bad = await resolver({ email: "nope" }, undefined, options);
    expect(bad.errors.email?.message).toBe("Enter a valid email");
    const good = await resolver({ email: "a@example.com" }, undefined, options);
    expect(good).toEqual({ values: { email: "a@example.com" }, errors: {} });
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it("sends the form as typed when the checks cannot load, and tries again next time", async () => {
    const loadSchema = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValue(Schema);
    const { resolver } = lazyZodResolver(loadSchema);
    expect(await resolver({ email: "nope" }, undefined, options)).toEqual({ values: { email: "nope" }, errors: {} });
    const retried = await resolver({ email: "nope" }, undefined, options);
    expect(retried.errors.email?.message).toBe("Enter a valid email");
    expect(loadSchema).toHaveBeenCalledTimes(2);
  });
});

describe("checkLazily", () => {
  const Message = z.object({ body: z.string().trim().min(1, "Message is required") });

  it("checks the input with the schema once it has loaded", async () => {
    const refused = await checkLazily(async () => Message, { body: "  " });
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.error.issues[0]?.message).toBe("Message is required");
    expect(await checkLazily(async () => Message, { body: " hi " })).toEqual({ success: true, data: { body: "hi" } });
  });

  it("lets the input go as typed when the schema cannot load, for the API to check", async () => {
    const offline = vi.fn().mockRejectedValue(new TypeError("Failed to fetch dynamically imported module"));
    expect(await checkLazily(offline, { body: "  " })).toEqual({ success: true, data: { body: "  " } });
  });
});
