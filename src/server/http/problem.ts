import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { Problem } from "../../contract/index.ts";
import { isDatabaseUnavailable } from "../db/database.ts";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** An error a handler throws on purpose; its message is shown to the client as it is. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: Partial<Problem> & Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export function problem(status: number, detail: string, extra: Partial<Problem> & Record<string, unknown> = {}) {
  return {
    type: "about:blank",
    title: TITLES[status] ?? "Error",
    status,
    detail,
    ...extra,
  };
}

export function sendProblem(reply: FastifyReply, status: number, detail: string, extra: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .type("application/problem+json")
    .send(problem(status, detail, { instance: reply.request.url, ...extra }));
}

/** Every error leaves as problem+json; what is internal stays in the log, under the request id. */
export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error.status, error.detail, error.extra);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const field = fieldName(issue.instancePath);
        return {
          field: field ?? error.validationContext ?? "body",
          message: field
            ? (issue.message ?? "This field is not valid")
            : `The request ${error.validationContext ?? "body"} must be a JSON object.`,
        };
      });
      // The contract's messages name their field ("Title is required"), so the first one is the detail.
      return sendProblem(reply, 400, errors[0]?.message ?? "The request is not valid.", { errors });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: { code: error.code, message: error.message } }, "request refused");
      return sendProblem(reply, status, clientMessage(error));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      reply.header("retry-after", "5");
      return sendProblem(reply, 503, "The service is briefly unavailable. Please try again in a few seconds.");
    }
    request.log.error({ err: error }, "request failed");
    return sendProblem(reply, 500, "Something went wrong on our side. Please try again.");
  });
}

function fieldName(instancePath: string): string | undefined {
  return instancePath.replace(/^\//, "").replaceAll("/", ".") || undefined;
}

/** Fastify's own 4xx messages are safe but terse; the common ones get a sentence a person reads. */
function clientMessage(error: FastifyError): string {
  if (error instanceof SyntaxError) return "The request body is not valid JSON.";
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "The request body must be JSON (Content-Type: application/json).";
    default:
      return error.message;
  }
}
