import { connect } from "node:net";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

function isReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432), timeout: 2000 });
    socket.once("connect", () => resolve(socket.end() && true));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => resolve(socket.destroy() && false));
  });
}

/**
 * Every API test file (*.api.test.ts) runs once on SQLite and once on PostgreSQL. With TEST_DATABASE_URL set,
 * PostgreSQL must answer; without it, the local default is used when it answers and skipped,
 * with a clear line, when it does not.
 */
export default defineConfig(async () => {
  const explicitUrl = process.env.TEST_DATABASE_URL;
  const url = explicitUrl || DEFAULT_TEST_DATABASE_URL;
  const postgres = await isReachable(url);
  if (!postgres && explicitUrl) throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer at ${url}`);
  if (!postgres)
    console.warn(`\n  PostgreSQL tests SKIPPED: nothing answers at ${url} (set TEST_DATABASE_URL to run them)\n`);

  const api = { include: ["src/**/*.api.test.ts"], testTimeout: 30_000, hookTimeout: 30_000 };
  const projects: TestProjectInlineConfiguration[] = [
    { extends: true, test: { name: "unit", include: ["src/**/*.test.ts"], exclude: ["src/**/*.api.test.ts"] } },
    {
      extends: true,
      test: {
        name: "web",
        include: ["src/web/**/*.test.tsx"],
        environment: "jsdom",
        environmentOptions: { jsdom: { url: "http://quickgig.test/" } },
        setupFiles: ["src/web/test/setup.ts"],
        env: { VITE_API_URL: "http://quickgig.test" },
        testTimeout: 20_000,
      },
    },
    { extends: true, test: { ...api, name: "sqlite", env: { TEST_DB: "sqlite" } } },
    ...(postgres
      ? [
          {
            extends: true as const,
            test: { ...api, name: "postgres", env: { TEST_DB: "postgres", TEST_DATABASE_URL: url } },
          },
        ]
      : []),
  ];
  return {
    test: {
      projects,
      globalSetup: ["src/server/test/build-server.global-setup.ts"],
      // npm test prints how much of the web app the component and route tests run (src/web/test renders it).
      coverage: {
        provider: "v8" as const,
        include: ["src/web/**/*.{ts,tsx}"],
        exclude: ["src/web/**/*.test.{ts,tsx}", "src/web/test/**", "src/web/mocks/**"],
        reporter: ["text-summary"],
      },
    },
  };
});
