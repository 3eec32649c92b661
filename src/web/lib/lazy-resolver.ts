import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A form resolver for one of the contract's schemas that loads zod, the schemas and the resolver
 * only when first needed: the page renders and takes input without them (they are about 35 KB
 * gzipped of the login page's code). `preload`, called when the visitor first focuses the form,
 * loads them while they type, so the first check seldom waits, and a page nobody fills in never
 * spends the time to evaluate them.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): { resolver: Resolver<Input, unknown, Output>; preload: () => void } {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () => {
    loading ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(([{ zodResolver }, schema]) =>
      zodResolver(schema),
    );
    // A failed load (the network dropped) is tried again next time.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => {
      let resolver: Resolver<Input, unknown, Output>;
      try {
        resolver = await load();
      } catch {
        // The checks could not load (the connection dropped): the form is sent as typed, and the
        // API, which checks the same schema, or the failed request says what is wrong.
        return { values: values as unknown as Output, errors: {} };
      }
      return resolver(values, context, options);
    },
    preload: () => void load().catch(() => {}),
  };
}

/**
 * A form's check against one of the contract's schemas, loaded on the form's first use (issue 30:
 * pages load no zod to show). When it cannot load (the connection dropped), the input goes as typed,
 * and the API, which checks the same schema, says what is wrong.
 */
export async function checkLazily<Output>(
  loadSchema: () => Promise<z.ZodType<Output>>,
  input: unknown,
): Promise<{ success: true; data: Output } | { success: false; error: z.ZodError<Output> }> {
  let schema: z.ZodType<Output>;
  try {
    schema = await loadSchema();
  } catch {
    return { success: true, data: input as Output };
  }
  return schema.safeParse(input);
}
