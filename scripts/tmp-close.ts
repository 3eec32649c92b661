import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openEventStream } from "../src/server/test/event-stream.ts";
const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: "/tmp/qg-close/db.sqlite", SEED_DEMO_DATA: "false", LOG_LEVEL: "warn", AUTH_SECRET: "x".repeat(32), EMAIL_DIR: "/tmp/qg-close/mail" });
const app = await buildApp(config);
await app.listen({ port: 0, host: "127.0.0.1" });
const socks = new Set<import("node:net").Socket>();
let n = 0;
app.server.on("connection", (sock) => { const id = ++n; socks.add(sock); console.log("conn", id, sock.remotePort); sock.on("close", () => { socks.delete(sock); console.log("sock closed", id, performance.now().toFixed(0)); }); });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;
const r = await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ name: "A", email: `a${Date.now()}@ex.com`, password: "Quick-Gig-7x", image: "https://example.com/a.png" }) });
const cookie = r.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const mode = process.argv[2];
if (mode === "401") { const x = await fetch(`${base}/api/events`); console.log(x.status); }
if (mode === "abort") { const s = await openEventStream(`${base}/api/events`, { cookie }); await s.next((e) => e.event === "unread"); await s.close(); }
const s = await openEventStream(`${base}/api/events`, { cookie });
await s.next((e) => e.event === "unread");
const t = performance.now(); console.log("closing at", t.toFixed(0), "open sockets", socks.size);
await app.close();
console.log(mode, "closed in", performance.now() - t);
