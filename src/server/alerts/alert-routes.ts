import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  SavedSearchIdParamsSchema,
  SavedSearchInputSchema,
  SavedSearchSchema,
  SavedSearchUpdateSchema,
} from "../../contract/alerts.ts";
import { DeletedSchema, ProblemSchema } from "../../contract/index.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import {
  changeSearch,
  presentSavedSearch,
  presentSavedSearches,
  removeSearch,
  savedSearchesOf,
  saveSearch,
} from "./saved-searches.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };

/** Saved searches (issue 47): a person's own, which nobody else reads or changes. */
export function registerAlertRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/saved-searches",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["alerts"],
        summary: "My saved searches of Browse Tasks, oldest first (at most 20)",
        response: { 200: z.array(SavedSearchSchema), ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return presentSavedSearches(deps.database, await savedSearchesOf(deps.database, viewer.id));
    },
  );

  app.post(
    "/api/saved-searches",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["alerts"],
        summary:
          "Save a search of Browse Tasks: its words, category and budget range, a name (default: its words) and how often it tells me of new tasks. At most 20 (409 after)",
        body: SavedSearchInputSchema,
        response: { 201: SavedSearchSchema, ...problems },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(deps.sessions, request);
      const saved = await saveSearch(deps.database, viewer.id, request.body);
      request.log.info({ savedSearchId: saved.id }, "search saved");
      return reply.code(201).send(presentSavedSearch(saved));
    },
  );

  app.patch(
    "/api/saved-searches/:id",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["alerts"],
        summary:
          "Rename, change, pause or resume one of my saved searches; a field left out stays, null clears a filter",
        params: SavedSearchIdParamsSchema,
        body: SavedSearchUpdateSchema,
        response: { 200: SavedSearchSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      const [changed] = await presentSavedSearches(deps.database, [
        await changeSearch(deps.database, viewer.id, request.params.id, request.body),
      ]);
      return changed;
    },
  );

  app.delete(
    "/api/saved-searches/:id",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["alerts"],
        summary: "Delete one of my saved searches",
        params: SavedSearchIdParamsSchema,
        response: { 200: DeletedSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      await removeSearch(deps.database, viewer.id, request.params.id);
      return { deletedCount: 1 };
    },
  );
}
