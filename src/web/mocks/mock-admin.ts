import type { http } from "msw";
import type { MockDb } from "./mock-db.ts";
import { moderationOf } from "./mock-moderation.ts";

type Answer = <Args extends { request: Request; params: Record<string, string | readonly string[] | undefined> }>(
  run: (args: Args) => Response | Promise<Response> | object | Promise<object>,
) => (args: Args) => Promise<Response>;
type Parse = <S extends import("zod").ZodType>(schema: S, value: unknown) => import("zod").infer<S>;

/** The moderators' operations (/api/admin/*) on mock-moderation.ts's store. */
export function adminHandlers(db: MockDb, _answer: Answer, _parse: Parse): ReturnType<typeof http.get>[] {
  moderationOf(db);
  return [];
}
