import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import "../../lib/zod-jitless.ts";
import { LIMITS } from "../../../contract/limits.ts";
import { ASPECT_LABELS, REVIEW_ASPECTS, type ReviewInput, ReviewInputSchema } from "../../../contract/reputation.ts";
import { LongTextField } from "../../components/long-text-field.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { notify } from "../../lib/notify.ts";
import type { Review } from "./reviews-api.ts";
import { StarInput } from "./stars.tsx";

interface Props {
  /** Whom the review is of. */
  name: string;
  taskTitle: string;
  /** The client rates the freelancer's communication, quality and deadline too; the freelancer does not. */
  asClient: boolean;
  /** The reader's own hidden review, to change; none for a new one. */
  review: Review | null;
  /** Resolves once the server took the review; throws (ApiError) when it refused. */
  onSubmit: (review: ReviewInput) => Promise<void>;
  onClose: () => void;
}

const FIELDS = ["rating", "text", ...REVIEW_ASPECTS] as const;

/** A review of the other side of a task: stars, a text and, for the client, three optional aspects. */
export default function ReviewDialog({ name, taskTitle, asClient, review, onSubmit, onClose }: Props) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ReviewInput>({
    resolver: zodResolver(ReviewInputSchema),
    defaultValues: {
      rating: review?.rating,
      text: review?.text ?? "",
      communication: review?.communication,
      quality: review?.quality,
      deadline: review?.deadline,
    },
    // The stars are not registered inputs (react-hook-form's Controller would add 1.3 KB to every
    // form's first download, the login page's too): the first field to fix gets the focus by hand.
    shouldFocusError: false,
  });
  const ratingInput = useRef<HTMLInputElement>(null);
  /** Stars chosen: checked again once the person has tried to send, as the registered fields are. */
  const choose = (field: "rating" | (typeof REVIEW_ASPECTS)[number]) => (stars: number | undefined) =>
    setValue(field, stars as number, { shouldDirty: true, shouldValidate: isSubmitted });

  const submit = handleSubmit(
    async (values) => {
      const sent: ReviewInput = { rating: values.rating, text: values.text.trim() };
      if (asClient) {
        for (const aspect of REVIEW_ASPECTS) if (values[aspect] !== undefined) sent[aspect] = values[aspect];
      }
      try {
        await onSubmit(sent);
        onClose();
      } catch (error) {
        if (error instanceof ApiError) {
          for (const { field, message } of error.fields) {
            if ((FIELDS as readonly string[]).includes(field)) setError(field as (typeof FIELDS)[number], { message });
          }
        }
        notify.error(errorMessage(error));
      }
    },
    (invalid) => {
      if (invalid.rating) ratingInput.current?.focus();
      else if (invalid.text) setFocus("text");
    },
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !isSubmitting && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl dark:bg-slate-900">
          <Dialog.Title className="text-xl font-bold break-words text-slate-900 dark:text-white">
            Review {name}
          </Dialog.Title>
          <Dialog.Description className="muted mt-1 text-sm break-words">
            {taskTitle}. Only you see your review until {name} reviews you too or the time to review ends; then both are
            published together.
          </Dialog.Description>
          <form
            className="mt-5 grid gap-5"
            noValidate
            onSubmit={(event) => {
              submit(event).catch(() => {});
            }}
          >
            <StarInput
              label="Rating"
              value={watch("rating")}
              onChange={choose("rating")}
              error={errors.rating?.message}
              inputRef={ratingInput}
            />
            <LongTextField
              label="Your review"
              rows={5}
              length={watch("text")?.length ?? 0}
              limit={LIMITS.reviewTextMax}
              placeholder={`What was it like to work with ${name}?`}
              error={errors.text?.message}
              {...register("text")}
            />
            {asClient && (
              <section aria-labelledby="review-aspects" className="grid gap-2">
                <div>
                  <h3 id="review-aspects" className="font-semibold">
                    More about the work <span className="muted text-sm font-normal">(optional)</span>
                  </h3>
                  <p className="muted text-xs">Shown on {name}'s profile; not part of the rating.</p>
                </div>
                {REVIEW_ASPECTS.map((aspect) => (
                  <StarInput
                    key={aspect}
                    size="small"
                    label={ASPECT_LABELS[aspect]}
                    value={watch(aspect)}
                    onChange={choose(aspect)}
                    error={errors[aspect]?.message}
                  />
                ))}
              </section>
            )}
            <div className="mt-1 flex flex-wrap justify-end gap-3">
              <Dialog.Close className="btn-secondary" disabled={isSubmitting}>
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn-primary" disabled={isSubmitting}>
                {isSubmitting ? "Sending…" : review ? "Save review" : "Send review"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
