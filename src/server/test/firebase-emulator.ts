import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const EMULATOR_PROJECT = "demo-quickgig";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * The Firebase Auth emulator (firebase-tools, auth only, no Java), on a free port of 127.0.0.1. A
 * `demo-` project never reaches Google; CI=true keeps the CLI from fetching its news.
 */
export async function startFirebaseEmulator() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "quickgig-firebase-"));
  writeFileSync(
    path.join(dir, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port },
        ui: { enabled: false },
        hub: { port: await freePort() },
        logging: { port: await freePort() },
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [
      path.resolve("node_modules/firebase-tools/lib/bin/firebase.js"),
      "emulators:start",
      "--only",
      "auth",
      "--project",
      EMULATOR_PROJECT,
      "--config",
      path.join(dir, "firebase.json"),
    ],
    {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, CI: "true", NO_UPDATE_NOTIFIER: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const host = `127.0.0.1:${port}`;
  const base = `http://${host}/identitytoolkit.googleapis.com/v1`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Firebase emulator exited:\n${output}`);
    const ready = await fetch(`http://${host}/`).then(
      () => true,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 60_000) {
      child.kill("SIGKILL");
      throw new Error(`the Firebase emulator did not start in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  async function call<T>(endpoint: string, body: object): Promise<T> {
    const response = await fetch(`${base}/${endpoint}?key=any`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as T & { error?: { message: string } };
    if (!response.ok) throw new Error(`${endpoint}: ${json.error?.message ?? response.status}`);
    return json;
  }

  return {
    host,
    startupMs: Date.now() - started,
    async signUp(email: string, password: string, displayName?: string) {
      const created = await call<{ idToken: string; localId: string }>("accounts:signUp", {
        email,
        password,
        returnSecureToken: true,
      });
      if (!displayName) return created;
      // The name goes in with a profile change; a new sign-in hands out a token that carries it.
      await call("accounts:update", { idToken: created.idToken, displayName });
      return call<{ idToken: string; localId: string }>("accounts:signInWithPassword", {
        email,
        password,
        returnSecureToken: true,
      });
    },
    signIn: (email: string, password: string) =>
      call<{ idToken: string; localId: string }>("accounts:signInWithPassword", {
        email,
        password,
        returnSecureToken: true,
      }),
    deleteAccount: (idToken: string) => call("accounts:delete", { idToken }),
    /** Marks the account's email confirmed, as an administrator can (the emulator takes "owner" as the admin token). */
    async verifyEmail(localId: string) {
      const response = await fetch(`${base}/projects/${EMULATOR_PROJECT}/accounts:update`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer owner" },
        body: JSON.stringify({ localId, emailVerified: true }),
      });
      if (!response.ok) throw new Error(`accounts:update: ${response.status} ${await response.text()}`);
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type FirebaseEmulator = Awaited<ReturnType<typeof startFirebaseEmulator>>;
