// core/metrics.ts: with /metrics off, prom-client is loaded by the first count, and what is counted is the same.
import { describe, expect, it } from "vitest";
import { Metrics } from "../../core/metrics.ts";

describe("Metrics", () => {
  it("counts an outage and a planner outcome whether or not /metrics is served", async () => {
    for (const processMetrics of [false, true]) {
      const metrics = new Metrics({ processMetrics });
      metrics.storeError("unreachable");
      metrics.storeError("unreachable");
      metrics.plannerOutcome("rotation");
      metrics.request("now", "mcp", 200, 0.002);
      const text = await metrics.text();
      expect(text, String(processMetrics)).toContain('sanctuary_store_errors_total{kind="unreachable"} 2');
      expect(text).toContain('sanctuary_planner_outcomes_total{outcome="rotation"} 1');
      expect(text).toContain('sanctuary_requests_total{operation="now",transport="mcp",status="200"} 1');
      // The process's own figures only where /metrics is served.
      expect(text.includes("process_cpu_user_seconds_total"), String(processMetrics)).toBe(processMetrics);
    }
  });
});
