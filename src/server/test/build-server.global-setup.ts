import { buildServer } from "../../../scripts/build-server.ts";

/** Tests that start the server as its own process run the production bundle, built fresh for the run. */
export default async function setup() {
  await buildServer();
}
