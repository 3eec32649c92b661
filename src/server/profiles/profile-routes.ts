import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ProblemSchema } from "../../contract/index.ts";
import {
  AboutInputSchema,
  FreelancerPageSchema,
  FreelancerQuerySchema,
  PublicProfileSchema,
  UserIdParamsSchema,
} from "../../contract/reputation.ts";
import { requireViewer } from "../accounts/session.ts";
import type { AppDeps } from "../app-deps.ts";
import { findFreelancers, findPublicProfile, updateAbout } from "./profiles.ts";

const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema };

/** Public profiles and Find Freelancers: the HTTP face of profiles/profiles.ts. */
export function registerProfileRoutes(root: FastifyInstance, deps: AppDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    "/api/users/:id",
    {
      schema: {
        tags: ["profiles"],
        summary: "A person's public profile: what they say of themselves and their record, never an email",
        params: UserIdParamsSchema,
        response: { 200: PublicProfileSchema, ...problems },
      },
    },
    async (request) => findPublicProfile(db, deps.profileFigures, request.params.id),
  );

  app.put(
    "/api/profile/about",
    {
      config: { requiresSession: true },
      schema: {
        tags: ["profiles"],
        summary: "Say what I do: my bio, skills and field, shown on my profile and in Find Freelancers",
        body: AboutInputSchema,
        response: { 200: AboutInputSchema, ...problems },
      },
    },
    async (request) => {
      const viewer = await requireViewer(deps.sessions, request);
      return updateAbout(db, viewer.id, request.body);
    },
  );

  app.get(
    "/api/freelancers",
    {
      schema: {
        tags: ["profiles"],
        summary: "Find Freelancers: listed profiles by name or skill, field and minimum rating",
        querystring: FreelancerQuerySchema,
        response: { 200: FreelancerPageSchema, ...problems },
      },
    },
    async (request) => findFreelancers(deps.database, request.query),
  );
}
