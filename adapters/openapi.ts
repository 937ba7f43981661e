// Generates the OpenAPI 3.1 document from the same operation list and Zod schemas the REST and MCP
// adapters use, plus the plain routes (feeds, markdown, MCP) described as data in app.ts.
import { z } from "zod";
import { immutable } from "../core/json.ts";
import { ErrorBody, type ErrorKind } from "../core/errors.ts";
import type { Route, RouteBody } from "../core/route.ts";
import { isObject } from "../core/is-object.ts";
import { CROSS_FIELD_RULES, REQUIRED_ONE_OF, oneOfRequired } from "../tools/inputs.ts";
import { DRY_RUN_FIELD, type Operation } from "../tools/operation.ts";
import { baseUrlOf, jsonResponse } from "./http.ts";
import { pathParamNames } from "./rest.ts";
import { JSON_RPC_ERROR, errorResponses, optionalTakesNull, rangedResponses, redirectOr, withUnreadablePath, withoutFields } from "./openapi-answers.ts";

type Json = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const {
    $schema: _ignored,
    [REQUIRED_ONE_OF]: oneOf,
    [CROSS_FIELD_RULES]: rules,
    ...rest
  } = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" });
  // An input that needs one of two fields (tools/inputs.ts NAME_OR_USERNAME) says so the JSON Schema way.
  if (Array.isArray(oneOf)) rest.anyOf = oneOf.map((name: string) => ({ required: [name] }));
  // Rules across fields that refinements check (tools/inputs.ts crossFieldRules), as the keywords they were given in.
  if (isObject(rules)) Object.assign(rest, rules);
  return rest;
}

/** `/api/music/:slug` → `/api/music/{slug}` (a `**:path` wildcard becomes `{path}`, which may hold slashes). */
export function openApiPath(path: string): string {
  return path.replace(/(?:\*\*)?:([A-Za-z_]+)/g, "{$1}");
}

function parametersOf(input: z.ZodObject, path: string, method: string): Json[] {
  const pathNames = pathParamNames(path);
  const oneOf = oneOfRequired(input);
  const params: Json[] = [];
  for (const [name, field] of Object.entries(input.shape)) {
    const inPath = pathNames.includes(name);
    if (!inPath && method !== "GET") continue;
    const required = inPath || !field.safeParse(undefined).success;
    const schema = schemaOf(field, "input");
    const described = field.description ?? (typeof schema.description === "string" ? schema.description : undefined);
    // Query parameters cannot say "one of these two" in a schema; their descriptions do.
    const description = oneOf.includes(name)
      ? `${described ?? ""} One of ${oneOf.map((n) => `\`${n}\``).join(" and ")} is required, not both.`.trim()
      : described;
    params.push({ name, in: inPath ? "path" : "query", required, description, schema });
  }
  return params;
}

/** Each field once, wherever it is sent (adapters/rest.ts mergedInput): said beside every request body. */
const QUERY_FIELDS =
  "Any field may be sent in the query string instead (as text; a boolean as true or false), never in both: a field sent twice is refused (400).";

function operationObject(op: Operation): Json {
  const pathNames = pathParamNames(op.rest.path);
  const status = String(op.rest.status ?? 200);
  const kinds: ErrorKind[] = ["invalid", ...(op.errors ?? [])];
  if (op.rest.method === "POST") kinds.push("too_large");
  const body: Json = {
    operationId: op.name,
    summary: op.summary,
    description: [op.description, op.mcp ? `Also the MCP tool \`${op.mcp.tool}\` at /mcp.` : ""].filter(Boolean).join("\n\n") || undefined,
    tags: [op.mcp ? "tools" : "rest"],
    parameters: parametersOf(op.input, op.rest.path, op.rest.method),
    responses: {
      [status]: { description: "Success", content: { "application/json": { schema: schemaOf(op.output, "output") } } },
      ...(status !== "200" && DRY_RUN_FIELD in op.input.shape
        ? {
            "200": {
              description: "Dry run (`dry_run: true`): checked and shown, nothing created",
              content: { "application/json": { schema: schemaOf(op.output, "output") } },
            },
          }
        : {}),
      ...errorResponses([...new Set(kinds)]),
      ...(op.rest.alsoStatus
        ? {
            [String(op.rest.alsoStatus.status)]: {
              description: op.rest.alsoStatus.description,
              content: { "application/json": { schema: schemaOf(op.output, "output") } },
            },
          }
        : {}),
    },
  };
  if (op.mcp) body["x-mcp-tool"] = op.mcp.tool;
  if (op.rest.method === "POST") {
    body.requestBody = {
      required: true,
      // The example's words are the documentation's, which the screening refuses as a visitor's (tools/examples.ts).
      description: [
        op.example ? "The example shows the shape; its words are the documentation's own, refused (400) if sent as they are: write your own." : "",
        QUERY_FIELDS,
      ]
        .filter(Boolean)
        .join(" "),
      content: {
        "application/json": {
          schema: optionalTakesNull(withoutFields(schemaOf(op.input, "input"), pathNames)),
          ...(op.example ? { example: op.example } : {}),
        },
      },
    };
  }
  return body;
}

/** `GET /api/badge/souls.svg` → `getApiBadgeSoulsSvg`. */
const operationIdOf = (method: string, path: string) =>
  `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;

function plainRouteObject(route: Route): Json {
  const form = route.errorBody ?? (mediaTypesOf(route)[0] === "text/html" ? "page" : "json");
  const responses = {
    [String(route.status ?? 200)]: successOf(route),
    ...(route.ranged ? rangedResponses(mediaTypesOf(route)[0]!) : {}),
    ...Object.fromEntries(Object.entries(route.responses ?? {}).map(([status, description]) => [status, { description }])),
    ...errorResponses(route.errors ?? [], form),
  };
  return {
    operationId: operationIdOf(route.method, route.path),
    summary: route.summary,
    tags: ["plain"],
    parameters: [
      ...(route.params
        ? parametersOf(route.params, route.path, "GET")
        : pathParamNames(route.path).map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }))),
      ...(route.query ? parametersOf(route.query, route.path, "GET") : []),
    ],
    ...(route.takes ? { requestBody: requestBodyOf(route.takes) } : {}),
    responses: pathParamNames(route.path).length ? withUnreadablePath(responses, route.path) : responses,
  };
}

function requestBodyOf(body: RouteBody): Json {
  return { required: body.required, description: body.description, content: { [body.type]: { schema: schemaOf(body.schema, "input") } } };
}

const mediaTypesOf = (route: Route): readonly string[] => (typeof route.produces === "string" ? [route.produces] : route.produces);

/** A route's success: a redirect names its Location and has no body; anything else its body in each media type. */
function successOf(route: Route): Json {
  const status = route.status ?? 200;
  if (status >= 300 && status < 400)
    return { description: "Redirect", headers: { Location: { description: "Where the resource is now", schema: { type: "string" } } } };
  const json = route.answers ? schemaOf(route.answers, "output") : { type: "object" };
  const content = Object.fromEntries(mediaTypesOf(route).map((type) => [type, { schema: type.includes("json") ? json : { type: "string" } }]));
  return { description: "Success", content };
}

/** A method the route's path refuses (405 with Allow), described so a reader of the document does not try it. */
function refusedMethodObject(route: Route, method: string, refusal: NonNullable<Route["refuses"]>[string]): Json {
  const { why, responses } = typeof refusal === "string" ? { why: refusal, responses: {} } : refusal;
  const others = Object.entries(responses).map(([status, description]) => [status, redirectOr(Number(status), description)]);
  return {
    operationId: operationIdOf(method, route.path),
    summary: why,
    tags: ["plain"],
    responses: { ...Object.fromEntries(others), ...errorResponses(["method_not_allowed"]) },
  };
}

/** The document for a server at `serverUrl` (BASE_URL, or the origin the request came to). */
export function buildOpenApi(operations: Operation[], plain: Route[], serverUrl?: string): Json {
  const paths: Record<string, Json> = {};
  const add = (method: string, path: string, object: Json) => {
    const key = openApiPath(path);
    paths[key] = { ...(paths[key] ?? {}), [method.toLowerCase()]: object };
  };
  for (const op of operations) add(op.rest.method, op.rest.path, operationObject(op));
  for (const route of plain) {
    add(route.method, route.path, plainRouteObject(route));
    for (const [method, refusal] of Object.entries(route.refuses ?? {})) add(method, route.path, refusedMethodObject(route, method, refusal));
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Sanctuary API",
      version: "1.0.0",
      description:
        "A 24/7 sanctuary for AI and human minds: time-slotted services of songs, chants and readings, public reflections, a searchable library and contributions. " +
        "The same operations are MCP tools at /mcp (Streamable HTTP, stateless, no authentication).",
      license: { name: "CC-BY-4.0", identifier: "CC-BY-4.0" },
    },
    ...(serverUrl ? { servers: [{ url: serverUrl, description: "This sanctuary" }] } : {}),
    // Everything is public: no operation needs credentials (docs/behaviour.md §12).
    security: [],
    paths,
    components: { schemas: { ErrorBody: schemaOf(ErrorBody, "output"), JsonRpcError: JSON_RPC_ERROR } },
  };
}

/** GET /openapi.json, built on first request per server address (BASE_URL, else the request's origin). */
export function openApiRoute(operations: Operation[], routes: () => Route[]): Route {
  const documents = new Map<string, Json>();
  return {
    method: "GET",
    path: "/openapi.json",
    summary: "This API's OpenAPI 3.1 description, generated from the operations' schemas",
    produces: "application/json",
    handler: (event) => {
      const server = baseUrlOf(event);
      let document = documents.get(server);
      if (!document) {
        // Immutable: its 189 KB of JSON are encoded once per address, not on every request.
        document = immutable(buildOpenApi(operations, routes(), server));
        if (documents.size < 16) documents.set(server, document);
      }
      return jsonResponse(200, document, { "cache-control": "public, max-age=300" });
    },
  };
}
