import { Send } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { INVITE_WORDS } from "../../../contract/invitation-words.ts";
import { useSession } from "../accounts/public.ts";
import { hasOpenTasks } from "./invites-api.ts";

const InviteDialog = lazy(() => import("./invite-dialog.tsx"));

/**
 * "Invite to a task" for a person (their profile, a Find Freelancers card): shown to a signed-in
 * reader with an open task taking offers, never on their own profile. Opens the dialog.
 */
export function InviteButton({ person, className = "" }: { person: { id: string; name: string }; className?: string }) {
  const { user } = useSession();
  const [canInvite, setCanInvite] = useState(false);
  const [open, setOpen] = useState(false);
  const readerId = user?.id;
  const other = readerId !== undefined && readerId !== person.id;

  useEffect(() => {
    if (!other || !readerId) return setCanInvite(false);
    let current = true;
    hasOpenTasks(readerId).then((answer) => current && setCanInvite(answer));
    return () => {
      current = false;
    };
  }, [other, readerId]);

  if (!other || !canInvite) return null;
  return (
    <>
      <button
        type="button"
        className={`btn-secondary px-3 py-1.5 ${className}`}
        onClick={() => setOpen(true)}
        aria-label={`${INVITE_WORDS.button}: ${person.name}`}
      >
        <Send aria-hidden="true" className="size-4" />
        {INVITE_WORDS.button}
      </button>
      {open && (
        <Suspense fallback={null}>
          <InviteDialog person={person} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
