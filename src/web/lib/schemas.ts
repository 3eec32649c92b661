/**
 * The contract's schemas for the web app's forms. Pages import them from here, never from
 * src/contract directly, so that zod is set up for the browser before any schema is built.
 */
import "./zod-jitless.ts";

export * from "../../contract/schemas.ts";
