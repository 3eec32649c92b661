export function Component() {
  return <h1>add-task-page</h1>;
}
