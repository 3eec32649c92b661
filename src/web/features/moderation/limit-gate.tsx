import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from "react";
import type { SanctionView, Standing } from "../../../contract/moderation.ts";
import { MODERATION_MESSAGES } from "../../../contract/moderation-words.ts";
import { apiJson } from "../../lib/api.ts";
import { useAfterFirstPaint } from "../../lib/use-after-first-paint.ts";
import { useSession } from "../accounts/public.ts";
import { onNotice } from "../notifications/public.ts";

// The notice and its words load only for a person who is limited.
const LimitNotice = lazy(() => import("./limit-notice.tsx"));

/** The notices that change a person's standing: their limit is read again on each. */
const STANDING_KINDS = new Set(["moderation-action", "moderation-lifted", "appeal-decided"]);

// One read for the forms of a page that mount together (a task's bid box and question form).
let pending: Promise<Standing | null> | null = null;
function readStanding(): Promise<Standing | null> {
  pending ??= apiJson<Standing>("/api/me/standing")
    // Not knowing changes nothing: the server still refuses, with the same words.
    .catch(() => null)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * The signed-in person's standing (their role, the limit in force), or null (a visitor, or not read
 * yet): read once the page has painted, and again when a decision about them is made, lifted or answered.
 */
export function useStanding(): Standing | null {
  const signedIn = useSession().user?.id ?? null;
  const ready = useAfterFirstPaint();
  const [standing, setStanding] = useState<Standing | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(
    () =>
      onNotice((notice) => {
        if (STANDING_KINDS.has(notice.kind)) setVersion((count) => count + 1);
      }),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is a decision's notice, the reason to read the standing again
  useEffect(() => {
    if (!ready || signedIn === null) {
      setStanding(null);
      return;
    }
    let live = true;
    void readStanding().then((read) => {
      if (live) setStanding(read);
    });
    return () => {
      live = false;
    };
  }, [ready, signedIn, version]);
  return standing;
}

/** Whether the signed-in person is staff (a moderator or an admin): false until their standing is read. */
export function useIsStaff(): boolean {
  return Boolean(useStanding()?.role);
}

/** The limit in force on the signed-in person, or null (a visitor, not limited, or not read yet). */
export function useLimit(): SanctionView | null {
  return useStanding()?.limited ?? null;
}

/** Why a limited person cannot use a form: the server's own refusal, "Your account is limited for breaking …". */
export function useLimitReason(): string | null {
  const limit = useLimit();
  return limit ? MODERATION_MESSAGES.limited(limit.rule) : null;
}

/**
 * A form a limit refuses (posting or editing a task, asking, changing the public profile): while
 * the person is limited, the notice (the refusal's words, what they still can, the way to appeal)
 * above it, and every field and button of it disabled, before they type anything (issue 45).
 */
export function LimitGate({ children, className }: { children: ReactNode; className?: string }) {
  const limit = useLimit();
  const noticeId = useId();
  return (
    <>
      {limit && (
        <div id={noticeId} className={className}>
          <Suspense fallback={null}>
            <LimitNotice limit={limit} />
          </Suspense>
        </div>
      )}
      <fieldset
        disabled={limit !== null}
        aria-describedby={limit ? noticeId : undefined}
        // Tailwind's preflight already takes a fieldset's margin, padding and border away; its min-width stays.
        className="min-w-0"
      >
        {children}
      </fieldset>
    </>
  );
}
