// The contract's payment schemas build zod objects when they load: zod is set up for the browser
// first (lib/zod-jitless.ts), as lib/schemas.ts does for the others.
import "../../lib/zod-jitless.ts";

export * from "../../../contract/payments.ts";
