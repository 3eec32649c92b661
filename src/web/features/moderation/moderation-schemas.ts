// The contract's moderation schemas build zod objects when they load: zod is set up for the browser
// first (lib/zod-jitless.ts), as lib/schemas.ts does for the others.
import "../../lib/zod-jitless.ts";

export * from "../../../contract/moderation.ts";
