export function Component() {
  return <h1>dashboard-home-page</h1>;
}
