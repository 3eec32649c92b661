import { useRevalidator } from "react-router";
import type { Task } from "../../../contract/schemas.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { getTask } from "./tasks-api.ts";

/** Whether a refusal says the task moved on since the page was read: then the page reads it again. */
export function isStaleRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 409 || error.status === 404);
}

/**
 * For a page that acts on `task`: what to do when an action fails. A refusal because the task moved
 * on says what happened (the task read again) and reads the page's data again (the router's
 * loaders), so what is shown is true; any other failure says the server's sentence.
 */
export function useActionFailure(task: Task): (error: unknown) => Promise<void> {
  const { revalidate } = useRevalidator();
  return async (error) => {
    if (!isStaleRefusal(error)) {
      notify.error(errorMessage(error));
      return;
    }
    // The words load when a refusal first needs them, not with every page that acts.
    const [after, { explainTaskChange }] = await Promise.all([
      getTask(task._id).catch(() => null),
      import("./task-change-words.ts"),
    ]);
    notify.error(explainTaskChange(task, after) ?? errorMessage(error));
    await revalidate();
  };
}
