// A JSON object as parsed: not null and not an array (what a JSON-RPC message, its params and an input must be).
export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
