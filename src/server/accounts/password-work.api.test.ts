import { describe, expect, it } from "vitest";
import { PUBLIC_URL, setupTestApp, signUp, TEST_PASSWORD } from "../test/test-app.ts";
import { BUSY_MESSAGE } from "./auth-routes.ts";
import { WorkGate } from "./work-gate.ts";

// One sign-in hashing at a time and one waiting: a burst of eight must be partly turned away.
const ctx = setupTestApp({}, undefined, { passwordWork: new WorkGate(1, 1) });

const signIn = (email: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: PUBLIC_URL },
    payload: { email, password: TEST_PASSWORD },
  });

describe("a burst of sign-ins beyond what the cores can hash", () => {
  it("is answered at once with 429 and Retry-After for the excess, while the rest sign in and reads go on", async () => {
    const user = await signUp(ctx.app);
    const [burst, read] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => signIn(user.email))),
      ctx.app.inject({ url: "/api/tasks" }),
    ]);
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    const refused = burst.find((response) => response.statusCode === 429);
    expect(refused?.headers["retry-after"]).toBe("1");
    expect(refused?.headers["content-type"]).toContain("application/problem+json");
    expect(refused?.json().detail).toBe(BUSY_MESSAGE);
    expect(read.statusCode).toBe(200);

    // Once the burst has passed, signing in works as always.
    expect((await signIn(user.email)).statusCode).toBe(200);
  });
});
