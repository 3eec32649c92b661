export function Component() {
  return <h1>my-posted-tasks-page</h1>;
}
