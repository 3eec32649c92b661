import { usePageTitle } from "../../lib/title.ts";

export function Component() {
  usePageTitle("Home");
  return <h1>Home</h1>;
}
