import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { useStanding } from "./limit-gate.tsx";

/**
 * On a person's public profile, for moderators and admins only: the link to the person's page in
 * moderation (their sanctions in force, history, Lift). Nobody else sees it; the page itself is
 * refused to them anyway.
 */
export function StaffRecordLink({ userId, name }: { userId: string; name: string }) {
  const role = useStanding()?.role ?? null;
  if (role === null) return null;
  return (
    <Link to={paths.adminPerson(userId)} className="link text-sm" aria-label={`${name}'s record in moderation`}>
      Moderation record
    </Link>
  );
}
