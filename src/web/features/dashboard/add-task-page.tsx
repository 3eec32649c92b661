import { type LoaderFunctionArgs, useLoaderData, useNavigate } from "react-router";
import type { TaskInput } from "../../../contract/index.ts";
import { PageHeader } from "../../components/page-header.tsx";
import { paths } from "../../config/paths.ts";
import { errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import { CreateTaskSchema } from "../../lib/schemas.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { LimitGate } from "../moderation/public.ts";
import { createTask, TaskForm } from "../tasks/public.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { poster: { name: user.name, email: user.email } };
}

// An empty form: "" (the placeholder and an empty budget box), which the inputs show as empty.
const EMPTY = {
  title: "",
  category: "" as unknown as TaskInput["category"],
  description: "",
  deadline: "",
  budget: "" as unknown as number,
  offersPublic: false,
};

export function Component() {
  usePageTitle("Add Task");
  const { poster } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <div>
      <PageHeader
        title="Add Task"
        intro="Fill in the form below with what needs to be done, the category, your budget and the deadline."
      />
      {/* A limited person is refused posting: told so, and the form disabled, before they fill it in. */}
      <LimitGate className="mb-6">
        <TaskForm
          schema={CreateTaskSchema}
          defaultValues={EMPTY}
          poster={poster}
          submitLabel="Add Task"
          busyLabel="Adding Task…"
          onSubmit={async (values) => {
            try {
              const { insertedId } = await createTask(values);
              // The new task's own page, where its offers will come (issue 45), not a cleared form.
              if (insertedId) {
                notify.success("Task added successfully");
                await navigate(paths.taskDetails(insertedId));
              }
            } catch (error) {
              notify.error(errorMessage(error));
              throw error;
            }
          }}
        />
      </LimitGate>
    </div>
  );
}
