import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** From spawning the process to its first ready answer on /readyz (polled every 5 ms). */
  startupMs: number;
  /** Everything the process wrote to stdout and stderr so far (nothing when they go to a file). */
  output(): string;
  /** SIGTERM, resolved with the exit code once the process has ended. */
  stop(): Promise<number | null>;
}

/** The server from source, through tsx; benchmarks run the production bundle instead. */
const FROM_SOURCE = ["--import", "tsx", "src/server/main.ts"];
export const PRODUCTION_BUNDLE = ["dist/server/main.js"];

/**
 * The real server as its own process on 127.0.0.1; resolved once /readyz answers. Only PATH is
 * inherited, so the environment is exactly what a newcomer's would be plus `env`. With `logFile`,
 * its stdout and stderr go straight to that file, as a process manager keeps them.
 */
export async function startServerProcess(
  env: Record<string, string>,
  port?: number,
  entry: string[] = FROM_SOURCE,
  logFile?: string,
): Promise<ServerProcess> {
  const chosenPort = port ?? (await freePort());
  const origin = `http://127.0.0.1:${chosenPort}`;
  const logFd = logFile ? openSync(logFile, "a") : undefined;
  const child = spawn(process.execPath, entry, {
    env: {
      PATH: process.env.PATH,
      PORT: String(chosenPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      WEB_DIST: path.join(tmpdir(), "quickgig-no-web-build"),
      EMAIL_DIR: path.join(tmpdir(), "quickgig-test-mail"),
      ...env,
    },
    stdio: logFd === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", logFd, logFd],
  });
  if (logFd !== undefined) closeSync(logFd);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const started = performance.now();
  while (performance.now() - started < 20_000) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${origin}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
    ) {
      return {
        origin,
        child,
        startupMs: performance.now() - started,
        output: () => output,
        async stop() {
          if (child.exitCode === null) child.kill("SIGTERM");
          return exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not become ready:\n${output}`);
}

/** The cookies a response set, as a client sends them back. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
