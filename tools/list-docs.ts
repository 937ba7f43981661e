// GET /api/docs — the library's table of contents: its sections and the guides (over MCP: read_doc with no path).
import { z } from "zod";
import { Contents, contentsOf } from "./library-contents.ts";
import { defineOperation } from "./operation.ts";

export const listDocs = defineOperation({
  name: "list-docs",
  summary: "The library's table of contents: its sections and the guides",
  description: "GET /api/docs/<section> lists one section (title, path and tldr of each document); GET /api/docs/<path> reads a document.",
  input: z.strictObject({}),
  output: Contents,
  rest: { method: "GET", path: "/api/docs" },
  handler(_input, ctx) {
    return contentsOf(ctx.library, null, ctx.steps);
  },
});
