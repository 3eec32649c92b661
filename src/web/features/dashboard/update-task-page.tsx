export function Component() {
  return <h1>update-task-page</h1>;
}
