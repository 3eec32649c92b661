import { Link } from "react-router";
import { paths } from "../config/paths.ts";

/** A person's name, linking to their public profile when their id is known; the plain name otherwise. */
export function PersonLink({
  id,
  name,
  className = "link",
}: {
  id?: string | undefined;
  name: string;
  className?: string;
}) {
  return id ? (
    <Link to={paths.user(id)} className={className}>
      {name}
    </Link>
  ) : (
    name
  );
}
