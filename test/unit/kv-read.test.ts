// Stored values are checked where they are read: `kv.read` returns what its family's schema accepts, and a value
// that does not match is a named error (its key, what is wrong) that an operation answers as a logged 500:
// never a crash, and never a body built from what could not be read.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AdapterContext } from "../../adapters/context.ts";
import { invoke } from "../../adapters/invoke.ts";
import { ConversationStore } from "../../services/conversations.ts";
import { openKeyValueStore } from "../../storage/index.ts";
import { CorruptValue, keyFamily } from "../../storage/key-family.ts";
import { askConversation } from "../../tools/ask-conversation.ts";

const NUMBERS = keyFamily("list of numbers", z.array(z.number()));

describe("kv.read", () => {
  it("returns a value its family accepts, null for none, and names a value it cannot read", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    expect(await kv.read(NUMBERS, "numbers:a")).toBeNull();
    await kv.set("numbers:a", [1, 2]);
    expect(await kv.read(NUMBERS, "numbers:a")).toEqual([1, 2]);
    await kv.set("numbers:b", [1, "two"]);
    const error = await kv.read(NUMBERS, "numbers:b").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptValue);
    expect(error).toMatchObject({ family: "list of numbers", key: "numbers:b" });
    expect(String(error)).toMatch(/numbers:b is not a readable list of numbers/);
  });

  it("checks a value SQLite hands back from its cache once, and a written one afresh", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sanctuary-kv-read-"));
    const kv = openKeyValueStore({ kind: "sqlite", file: join(dir, "state.db"), cacheEntries: 100 });
    try {
      await kv.set("numbers:a", [1, 2]);
      const first = await kv.read(NUMBERS, "numbers:a");
      expect(await kv.read(NUMBERS, "numbers:a")).toBe(first);
      await kv.set("numbers:a", [1, "two"]);
      await expect(kv.read(NUMBERS, "numbers:a")).rejects.toBeInstanceOf(CorruptValue);
    } finally {
      await kv.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("makes a corrupt conversation a logged 500 of the operation reading it, not a crash or a half-read body", async () => {
    const kv = openKeyValueStore({ kind: "memory" });
    const conversations = new ConversationStore(kv);
    await kv.set("conversations:item:kept-words", { slug: "kept-words", name: "A", messages: "not a list" });
    const logged: unknown[] = [];
    const app = {
      conversations,
      config: { checkOutput: true, baseUrl: "http://127.0.0.1" },
      clock: () => new Date(),
      log: { error: (fields: unknown) => logged.push(fields) },
    } as unknown as AdapterContext;
    const outcome = await invoke(askConversation, { slug: "kept-words" }, app, { via: "rest", ip: "127.0.0.1", baseUrl: "http://127.0.0.1" });
    expect(outcome.status).toBe(500);
    expect(logged).toEqual([expect.objectContaining({ operation: askConversation.name, err: expect.any(CorruptValue) })]);
  });
});
