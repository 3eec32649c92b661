import { z } from "zod";

// Built with JIT on, zod's object schemas probe `new Function` once; our CSP forbids eval, so the
// browser blocks the probe and reports a CSP violation. Forms parse fast enough without it.
z.config({ jitless: true });
