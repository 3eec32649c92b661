/**
 * The house's rules as code (docs/architecture.md): which room may import which. `npm test` runs
 * them (`npm run deps`); src/architecture.test.ts checks that a wrong import fails them.
 */
const SERVER_FEATURES =
  "accounts|alerts|bids|content|email|hiring|messages|moderation|notifications|payments|profiles|questions|reviews|standing|tasks";
/** The features moderation stands above: they ask standing/ about a person, and never import moderation. */
const BELOW_MODERATION =
  "accounts|alerts|bids|content|email|hiring|messages|notifications|payments|profiles|questions|reviews|standing|tasks";
const TESTS = "(\\.test\\.tsx?$|/test/|^src/web/mocks/)";

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-cycles",
      comment: "No module imports itself back through others: each room stands on the ones below it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "contract-stands-alone",
      comment: "src/contract is what the server and the web app share; it imports neither.",
      severity: "error",
      from: { path: "^src/contract/" },
      to: { path: "^src/(server|web)/" },
    },
    {
      name: "server-not-web",
      comment: "The server imports the web app only where it renders its first screens (screens/).",
      severity: "error",
      from: { path: "^src/server/", pathNot: `^src/server/screens/|${TESTS}` },
      to: { path: "^src/web/" },
    },
    {
      name: "web-not-server",
      comment: "The web app talks to the server over HTTP only; its tests may start one.",
      severity: "error",
      from: { path: "^src/web/", pathNot: TESTS },
      to: { path: "^src/server/" },
    },
    {
      name: "http-knows-no-feature",
      comment: "src/server/http is HTTP plumbing for every feature (problems, limits, headers, CORS); it knows none.",
      severity: "error",
      from: { path: "^src/server/http/", pathNot: TESTS },
      to: { path: `^src/server/(${SERVER_FEATURES}|screens|demo)/|^src/server/app(-deps)?\\.ts$` },
    },
    {
      name: "features-ask-standing-not-moderation",
      comment:
        "What a person's sanctions allow is standing/'s to say; moderation decides them and stands above every feature it changes.",
      severity: "error",
      from: { path: `^src/server/(${BELOW_MODERATION})/`, pathNot: TESTS },
      to: { path: "^src/server/moderation/" },
    },
    {
      name: "standing-knows-no-feature",
      comment: "src/server/standing is what every feature asks about a person's sanctions: it stands on no feature.",
      severity: "error",
      from: { path: "^src/server/standing/", pathNot: TESTS },
      to: { path: `^src/server/(${SERVER_FEATURES}|screens|demo)/`, pathNot: "^src/server/standing/" },
    },
    {
      name: "routes-only-from-app",
      comment: "A feature's routes are its HTTP face: only app.ts registers them, nothing else imports them.",
      severity: "error",
      from: { pathNot: `^src/server/app\\.ts$|${TESTS}` },
      to: { path: "^src/server/.+-routes\\.ts$" },
    },
    {
      name: "routes-through-rules",
      comment: "Routes call their feature's rules (and others'); only rules touch repositories and SQL.",
      severity: "error",
      from: { path: "^src/server/.+-routes\\.ts$" },
      to: { path: "(-repository\\.ts$|node_modules/kysely/|^kysely$)" },
    },
    {
      name: "repositories-know-no-rules",
      comment: "A repository is SQL only: it imports the database and other repositories, never rules or HTTP.",
      severity: "error",
      from: { path: "^src/server/.+-repository\\.ts$" },
      to: {
        path: `^src/server/(http|screens|demo|${SERVER_FEATURES})/|node_modules/fastify/|^fastify$`,
        pathNot: "-repository\\.ts$",
      },
    },
    {
      name: "features-below-screens",
      comment: "The server-rendered first screens sit above the features; no feature imports them, or the demo data.",
      severity: "error",
      from: { path: `^src/server/(${SERVER_FEATURES}|http|db)/`, pathNot: TESTS },
      to: { path: "^src/server/(screens|demo)/" },
    },
    {
      name: "shared-web-rooms-know-no-feature",
      comment:
        "src/web/components, lib and config serve every feature and import none (nor the app that composes them).",
      severity: "error",
      from: { path: "^src/web/(components|lib|config)/", pathNot: TESTS },
      to: { path: "^src/web/(features|app)/" },
    },
    {
      name: "features-meet-through-public-modules",
      comment: "A web feature uses another only through that feature's public.ts, the small face it shows the others.",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/", pathNot: TESTS },
      to: { path: "^src/web/features/", pathNot: ["^src/web/features/$1/", "^src/web/features/[^/]+/public\\.ts$"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // node_modules is not followed, but its packages stay in the graph: the rules name kysely and fastify.
    exclude: { path: "^dist/" },
    tsPreCompilationDeps: false,
    // TypeScript 7 has no compiler API yet, which dependency-cruiser reads .ts with: swc reads them, and it
    // keeps type-only imports, so those count too.
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
