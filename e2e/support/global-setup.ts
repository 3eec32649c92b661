import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { startOidcProvider } from "../../src/server/test/oidc-provider.ts";
import { startSmtpServer } from "../../src/server/test/smtp-server.ts";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".json": "application/json",
};

/** A static host for a build in `dir`: files as they are, index.html for any other path. */
function startStaticServer(dir: string): Server {
  return createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://static").pathname);
    const file = path.join(dir, path.normalize(pathname));
    let body: Buffer;
    let type = TYPES[path.extname(file)] ?? "application/octet-stream";
    try {
      if (!file.startsWith(dir) || pathname.endsWith("/")) throw new Error("not a file");
      body = readFileSync(file);
    } catch {
      const index = path.join(dir, "index.html");
      if (!existsSync(index)) {
        // Nothing built yet.
        response.writeHead(404).end();
        return;
      }
      body = readFileSync(index);
      type = TYPES[".html"] ?? "text/html";
    }
    response.writeHead(200, { "content-type": type });
    response.end(body);
  });
}

async function waitForHealth(url: string, server: ChildProcess, logFile: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with ${server.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app did not answer ${url} within 30 s; see ${logFile}`);
}

/**
 * Starts, once for the whole run: the local OpenID provider standing in for Google, an SMTP server,
 * a small control endpoint through which tests choose the next Google account and read the emails
 * that arrived (GET /mail?to=), and the app itself (the built web
 * app from dist/web, the production server bundle) on a free port with a fresh SQLite file.
 */
/**
 * The production server bundle on `port`, with a database and a log of its own under `dataDir`
 * (named `name`), the settings every story needs and `env`; answers once it is healthy.
 */
export async function startApp(
  app: { serverBundle: string; webDist: string; dataDir: string; name: string; port: number },
  env: Record<string, string>,
) {
  const url = `http://127.0.0.1:${app.port}`;
  const logFile = path.join(app.dataDir, `${app.name}.log`);
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, [app.serverBundle], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(app.port),
      PUBLIC_URL: url,
      DATABASE_URL: path.join(app.dataDir, `${app.name}.db`),
      SEED_DEMO_DATA: "false",
      WEB_DIST: app.webDist,
      LOG_LEVEL: "warn",
      // Tests sign up and post from one address many times a minute.
      RATE_LIMIT_AUTH_PER_MINUTE: "0",
      RATE_LIMIT_ACCOUNT_PER_MINUTE: "0",
      RATE_LIMIT_WRITES_PER_MINUTE: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  await waitForHealth(`${url}/healthz`, server, logFile);
  return {
    url,
    logFile,
    async stop() {
      server.kill("SIGTERM");
      await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve(null)));
      log.end();
    },
  };
}

export default async function globalSetup() {
  // E2E_WEB_DIST: another build to test, e.g. one made with `npx vite build --outDir <dir>` while dist/web is rebuilt.
  const webDist = path.resolve(process.env.E2E_WEB_DIST || "dist/web");
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error(`${webDist} is missing: build the web app first (npm run build:web)`);
  }
  // The production server bundle, as `npm start` runs it.
  // E2E_SERVER_BUNDLE: another server bundle, e.g. one built with `npx tsx scripts/build-server.ts <file>`,
  // inside the project (its packages are found from where it is), e.g. .e2e-builds/<name>/main.js.
  const serverBundle = path.resolve(process.env.E2E_SERVER_BUNDLE || "dist/server/main.js");
  if (!existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: build first (npm run build)`);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "quickgig-e2e-"));
  // The web app served alone from another origin (e2e/separate-origin.spec.ts builds it into
  // staticDir) calls this API. The static server listens from now to the end of the run: a port
  // only reserved here and listened on by the spec minutes later was taken meanwhile (EADDRINUSE).
  const staticDir = path.join(dataDir, "static");
  mkdirSync(staticDir);
  const staticServer = startStaticServer(staticDir);
  await new Promise<void>((resolve) => staticServer.listen(0, "127.0.0.1", resolve));
  const staticOrigin = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}`;
  const provider = await startOidcProvider({
    redirectUris: [`${baseURL}/api/auth/callback/google`, `${baseURL}/api/auth/oauth2/callback/google`],
  });

  // A real SMTP server: the app sends every email here, and tests read them through the control endpoint.
  const smtp = await startSmtpServer();
  const control: Server = createServer((req, res) => {
    if (req.url?.startsWith("/mail")) {
      const to = new URL(req.url, "http://control").searchParams.get("to");
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(smtp.received.filter((email) => email.to === to).map(({ headers, ...email }) => email)));
      return;
    }
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      provider.signInNextAs(JSON.parse(body));
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  const controlURL = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  const where = { serverBundle, webDist, dataDir };
  const main = await startApp(
    { ...where, name: "e2e", port },
    {
      GOOGLE_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      SMTP_URL: smtp.url,
      TRUSTED_ORIGINS: staticOrigin,
      EMAIL_RETRY_MS: "200",
      // The stories hire without money, as before issue 44; the payments app below has it.
      PAYMENTS: "off",
    },
  );
  // The app again with payments on, for e2e/payments.spec.ts: no email server, its emails go to files.
  const payments = await startApp(
    { ...where, name: "payments", port: await freePort() },
    { EMAIL_DIR: path.join(dataDir, "payments-mail"), PAYMENTS: "on" },
  );

  // Workers start after this and inherit these.
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_OIDC_CONTROL = controlURL;
  process.env.E2E_SERVER_LOG = main.logFile;
  process.env.E2E_STATIC_ORIGIN = staticOrigin;
  process.env.E2E_STATIC_DIR = staticDir;
  // For `npm run admin` on the server's database (a moderator for the moderation story).
  process.env.E2E_DATABASE_URL = path.join(dataDir, "e2e.db");
  process.env.E2E_PAYMENTS_URL = payments.url;

  return async () => {
    await main.stop();
    await payments.stop();
    await provider.close();
    await smtp.close();
    await new Promise((resolve) => control.close(resolve));
    await new Promise((resolve) => staticServer.close(resolve));
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
