export * from "./dates.ts";
export * from "./digits.ts";
export * from "./format.ts";
export * from "./invitations.ts";
export * from "./limits.ts";
export * from "./messages.ts";
export * from "./schemas.ts";
