import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { z } from "zod";
import { todayAnywhereOnEarth } from "../../../contract/dates.ts";
import { LIMITS } from "../../../contract/limits.ts";
import type { TaskInput } from "../../../contract/schemas.ts";
import { TASK_CATEGORIES } from "../../../contract/vocabulary.ts";
import { SelectField, TextField } from "../../components/field.tsx";
import { LongTextField } from "../../components/long-text-field.tsx";
import { ApiError } from "../../lib/api.ts";

const FIELDS = ["title", "category", "description", "deadline", "budget"] as const;

export type TaskFormValues = TaskInput;

interface Props {
  schema: z.ZodType<TaskInput, TaskInput>;
  defaultValues: Partial<TaskInput>;
  poster: { name: string; email: string };
  submitLabel: string;
  busyLabel: string;
  /** Resolves when the task is saved; throws (ApiError) when the server refuses it. */
  onSubmit: (values: TaskInput, form: UseFormReturn<TaskInput>) => Promise<void>;
  status?: ReactNode;
}

/** The task fields of the Add Task and Update Task screens, checked with the server's own schema. */
export function TaskForm({ schema, defaultValues, poster, submitLabel, busyLabel, onSubmit, status }: Props) {
  const form = useForm<TaskInput>({ resolver: zodResolver(schema), defaultValues });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values, form);
    } catch (error) {
      // The server names the field it refused; show its message next to that field too.
      if (error instanceof ApiError) {
        for (const { field, message } of error.fields) {
          if ((FIELDS as readonly string[]).includes(field)) setError(field as (typeof FIELDS)[number], { message });
        }
      }
      throw error;
    }
  });

  return (
    <form
      onSubmit={(event) => {
        // Refusals are reported by onSubmit's caller; the rejection is not an unhandled one.
        submit(event).catch(() => {});
      }}
      noValidate
      className="card grid gap-5 p-5 sm:grid-cols-2 sm:p-8"
    >
      <div className="sm:col-span-2">
        <TextField
          label="Task Title"
          placeholder="e.g. Build a landing page"
          error={errors.title?.message}
          {...register("title")}
        />
      </div>
      <SelectField label="Category" error={errors.category?.message} {...register("category")}>
        <option value="">Select a category</option>
        {TASK_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Deadline"
        type="date"
        min={todayAnywhereOnEarth()}
        error={errors.deadline?.message}
        {...register("deadline")}
      />
      <div className="sm:col-span-2">
        <LongTextField
          label="Description"
          placeholder="Describe what needs to be done"
          rows={5}
          length={watch("description")?.length ?? 0}
          limit={LIMITS.descriptionMax}
          error={errors.description?.message}
          {...register("description")}
        />
      </div>
      <TextField
        label="Budget ($)"
        type="number"
        inputMode="decimal"
        min="0.01"
        step="0.01"
        placeholder="e.g. 250"
        error={errors.budget?.message}
        {...register("budget", { valueAsNumber: true })}
      />
      <div className="flex items-start gap-3 sm:pt-7">
        <input
          id="offers-public"
          type="checkbox"
          className="mt-1 size-4 accent-indigo-700"
          aria-describedby="offers-public-hint"
          {...register("offersPublic")}
        />
        <div>
          <label htmlFor="offers-public" className="text-sm font-medium">
            Show offers publicly
          </label>
          <p id="offers-public-hint" className="muted text-xs">
            Everyone signed in sees each bidder's name and amount; messages stay private.
          </p>
        </div>
      </div>
      <TextField label="User Email" type="email" value={poster.email} readOnly />
      <TextField label="User Name" value={poster.name} readOnly />
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <button type="submit" className="btn-primary px-6 py-2.5" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </button>
        {status}
      </div>
    </form>
  );
}
