import { LogOut } from "lucide-react";
import { Link } from "react-router";
import { Avatar } from "../../components/avatar.tsx";
import { Tooltip } from "../../components/tooltip.tsx";
import { paths } from "../../config/paths.ts";
import type { User } from "./session.ts";
import { useLogout } from "./use-logout.ts";

/** The header's buttons for a signed-in person: their avatar (to the profile) and Logout. */
export default function AccountButtons({ user }: { user: User }) {
  const { logout, busy } = useLogout();
  return (
    <div className="flex items-center gap-3">
      <Tooltip content={user.name}>
        <Link to={paths.profile} className="rounded-full" aria-label={`${user.name} (profile)`}>
          <Avatar src={user.image} alt="" name={user.name} className="size-10" />
        </Link>
      </Tooltip>
      <button type="button" className="btn-secondary" onClick={logout} disabled={busy}>
        <LogOut aria-hidden="true" className="size-4" />
        {busy ? "Logging out…" : "Logout"}
      </button>
    </div>
  );
}
