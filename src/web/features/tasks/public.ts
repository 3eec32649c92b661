/** What other features use of tasks: the API's calls, the card of a task in a list, the form that posts or edits one. */
export { TaskCard } from "./task-card.tsx";
export { isStaleRefusal, useActionFailure } from "./task-changes.ts";
export { TaskForm } from "./task-form.tsx";
export { createTask, deleteTask, getTask, listFeaturedTasks, listTasks, type Task, updateTask } from "./tasks-api.ts";
