import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function start() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    // Live streams end at once; a connection still open after the grace period is cut.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await listen(app, config);
}

/** On HOST, or by default on "::", which takes IPv4 too; on IPv4 alone where the machine has no IPv6. */
async function listen(app: Awaited<ReturnType<typeof buildApp>>, config: ReturnType<typeof loadConfig>) {
  if (config.host !== null) return app.listen({ host: config.host, port: config.port });
  try {
    return await app.listen({ host: "::", port: config.port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EAFNOSUPPORT" && code !== "EADDRNOTAVAIL") throw error;
    app.log.warn("IPv6 is not available here; listening on IPv4 only");
    return app.listen({ host: "0.0.0.0", port: config.port });
  }
}

start().catch((error) => {
  console.error(error);
  process.exit(1);
});
