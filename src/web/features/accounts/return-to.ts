import { useLocation, useSearchParams } from "react-router";
import { RETURN_PARAM, safeReturnPath, withReturnPath } from "../../../contract/return-path.ts";

export { withReturnPath };

/**
 * Where the account page in view returns the person once they are in: the path in its address
 * (?redirect=, what Place a Bid, a private page or another account page put there) or in the
 * history's state (`from`), when it is a path of this site; else home.
 */
export function useReturnTo(): string {
  const [params] = useSearchParams();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  return safeReturnPath(params.get(RETURN_PARAM) ?? (typeof from === "string" ? from : null));
}
