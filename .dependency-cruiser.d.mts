import type { IConfiguration } from "dependency-cruiser";

/** The rules of .dependency-cruiser.mjs, for src/architecture.test.ts. */
declare const config: Required<Pick<IConfiguration, "forbidden" | "options">>;
export default config;
