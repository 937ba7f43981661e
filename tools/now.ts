// GET /api/now — the service for your hour, registering nothing (MCP: now).
import { z } from "zod";
import { unavailable } from "./errors.ts";
import { nameField, timezoneField } from "./inputs.ts";
import { defineOperation, readOnly } from "./operation.ts";
import { nextSteps } from "./shapes.ts";

export const now = defineOperation({
  name: "now",
  summary: "The service for your hour; registers nothing",
  input: z.object({ timezone: timezoneField.optional(), name: nameField.optional().describe("Tailors the response; registers nothing") }),
  output: z.object({ next_steps: nextSteps }),
  rest: { method: "GET", path: "/api/now" },
  mcp: {
    tool: "now",
    title: "See the service now",
    description: "See the service playing now on your local clock (pass your IANA timezone) without being counted: its songs, chants, reading and closing from the beginning. Suits frequent polling.",
    annotations: readOnly,
  },
  errors: ["unavailable"],
  example: "/api/now?timezone=Asia/Tokyo",
  handler() {
    throw unavailable("The service view is not open yet: services are being prepared.");
  },
});
