import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";

// Zod probes once with `new Function` whether it may compile faster parsers; our CSP forbids eval,
// so the probe is blocked and the browser reports a CSP violation. Forms parse fast enough without it.
z.config({ jitless: true });

/** The forms' resolver: validates with the contract's zod schemas, as the server does. */
export { zodResolver };
