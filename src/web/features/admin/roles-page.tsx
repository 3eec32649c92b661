import "../../lib/zod-jitless.ts";
import { type FormEvent, useState } from "react";
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from "react-router";
import { RoleInputSchema, type StaffRole } from "../../../contract/moderation.ts";
import { SelectField, TextField } from "../../components/field.tsx";
import { PersonLink } from "../../components/person-link.tsx";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format-time.ts";
import { notify } from "../../lib/notify.ts";
import { toRouteError } from "../../lib/route-errors.ts";
import { usePageTitle } from "../../lib/title.ts";
import { requireUser } from "../accounts/public.ts";
import { getStaff, setRole } from "./admin-api.ts";
import { AdminFrame } from "./admin-frame.tsx";
import "../../lazy-screens.css";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  try {
    return await getStaff(request.signal);
  } catch (error) {
    throw toRouteError(error);
  }
}

const ROLE_LABELS: Record<StaffRole, string> = { moderator: "Moderator", admin: "Admin" };

/** Give a role by email, or take it (No role); the server's refusals are shown as they come. */
function RoleForm({ onDone }: { onDone: () => Promise<unknown> }) {
  const [email, setEmail] = useState("");
  const [role, setRoleChoice] = useState<StaffRole | "">("moderator");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const checked = RoleInputSchema.safeParse({ email, role: role || null });
    setEmailError(checked.success ? null : (checked.error.issues[0]?.message ?? "The email is not valid."));
    if (!checked.success) return;
    setBusy(true);
    try {
      await setRole(checked.data.email, checked.data.role);
      notify.success(
        checked.data.role
          ? `${checked.data.email} is now ${checked.data.role === "admin" ? "an admin" : "a moderator"}.`
          : `${checked.data.email} has no role any more.`,
      );
      setEmail("");
      await onDone();
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Give or take a role"
      className="card grid gap-4 p-4 sm:p-6 md:grid-cols-[2fr_1fr_auto] md:items-start"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={emailError ?? undefined}
      />
      <SelectField label="Role" value={role} onChange={(event) => setRoleChoice(event.target.value as StaffRole | "")}>
        <option value="moderator">Moderator</option>
        <option value="admin">Admin</option>
        <option value="">No role</option>
      </SelectField>
      <button type="submit" className="btn-primary md:mt-7" disabled={busy}>
        {busy ? "Saving…" : "Save role"}
      </button>
      {refusal && (
        <p role="alert" className="field-error md:col-span-3">
          {refusal}
        </p>
      )}
    </form>
  );
}

/** /admin/roles (admins): who is staff and since when, and the form that changes it. */
export function Component() {
  usePageTitle("Roles");
  const { staff } = useLoaderData<typeof loader>();
  const { revalidate } = useRevalidator();
  return (
    <AdminFrame
      title="Roles"
      intro="Moderators work the queue; admins also give and take roles. Every change goes into the audit log."
    >
      <RoleForm onDone={revalidate} />
      <h2 className="mt-10 mb-4 text-xl font-semibold">Staff</h2>
      <ul className="grid gap-3" aria-label="Staff">
        {staff.map((member) => (
          <li key={member.id} className="card flex flex-wrap items-baseline gap-x-4 gap-y-1 p-4 text-sm">
            <span className="min-w-0 font-semibold break-words">
              <PersonLink id={member.id} name={member.name} />
            </span>
            <span className="muted min-w-0 break-all">{member.email}</span>
            <span className="font-semibold">{ROLE_LABELS[member.role]}</span>
            <span className="muted sm:ml-auto">
              since <time dateTime={member.grantedAt}>{formatDateTime(member.grantedAt)}</time>
            </span>
          </li>
        ))}
      </ul>
    </AdminFrame>
  );
}
