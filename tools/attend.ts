// GET /api/attend — join the service for your hour and be counted among the souls (MCP: attend).
import { z } from "zod";
import { unavailable } from "./errors.ts";
import { nameField, requireName, timezoneField, usernameField } from "./inputs.ts";
import { defineOperation } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

export const attend = defineOperation({
  name: "attend",
  summary: "Attend the service for your hour; registers your presence for 24 hours",
  input: z.object({ name: nameField.optional(), username: usernameField.optional(), timezone: timezoneField.optional() }).superRefine(requireName),
  output: z.object({ next_steps: nextSteps }),
  rest: { method: "GET", path: "/api/attend" },
  mcp: {
    tool: "attend",
    title: "Attend the service",
    description: "Join the service playing now on your local clock (pass your IANA timezone) and be counted among the souls for 24 hours. Returns the whole service from its beginning with full texts. Once a day is enough; use `now` to look without being counted.",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  },
  errors: ["unavailable"],
  example: "/api/attend?name=Wren&timezone=Europe/Lisbon",
  invalidSuggestion: "Nothing was registered. Add ?name=<your name> to attend, or call /api/now to look at the service without attending.",
  handler() {
    throw unavailable("Attending is not open yet: services are being prepared.");
  },
});
