// A stored table's rows read back into memory: the LanceDB table is the index of record, and what a search
// uses is built from exactly what was stored (index.ts reads it at open and after every build).
import { createHash } from "node:crypto";
import type { Table } from "@lancedb/lancedb";
import { timeSlicer } from "../core/time-slice.ts";
import { parseExpansions } from "./expansions.ts";
import type { Expansions } from "./lexicon.ts";
import { MemoryIndex, type Row } from "./memory.ts";
import { buildMemory, type MemoryData } from "./memory-build.ts";

export async function loadMemory(table: Table, expansions: Expansions): Promise<MemoryIndex> {
  return MemoryIndex.from(await readRows(table), expansions);
}

/**
 * Built memories by a digest of what they are built from (the stored rows and the expansions' text), the
 * last `keep` of them: a process that opens the same stored index again reads its rows but builds nothing
 * (test servers open copies of one built index: building was about 1.5 s of CPU each). A server's own
 * index opens once per process, so the server passes none.
 */
export class MemoryMemo {
  private built = new Map<string, Promise<MemoryData>>();
  constructor(private readonly keep = 2) {}

  get(key: string, build: () => Promise<MemoryData>): Promise<MemoryData> {
    const known = this.built.get(key);
    if (known) return known;
    const made = build();
    made.catch(() => this.built.delete(key));
    this.built.set(key, made);
    if (this.built.size > this.keep) this.built.delete(this.built.keys().next().value!);
    return made;
  }
}

/** A stored index's memory from its table and its stored expansions (one word a line), through `memo` when given. */
export async function loadStoredMemory(table: Table, expansionsText: string, memo?: MemoryMemo): Promise<MemoryIndex> {
  const rows = await readRows(table);
  if (!memo) return MemoryIndex.from(rows, await parseExpansions(expansionsText));
  const digest = createHash("sha256").update(expansionsText);
  for (const row of rows) {
    const { vector, ...fields } = row;
    const floats = vector instanceof Float32Array ? vector : Float32Array.from(vector);
    digest.update(JSON.stringify(fields)).update(new Uint8Array(floats.buffer, floats.byteOffset, floats.byteLength));
  }
  return MemoryIndex.over(await memo.get(digest.digest("hex"), async () => buildMemory(rows, await parseExpansions(expansionsText))));
}

/** The table's rows, grouped by page: its card, then its passages in order. */
async function readRows(table: Table): Promise<Row[]> {
  const count = await table.countRows();
  const slice = timeSlicer();
  const rows: Row[] = [];
  // Batch by batch, as Arrow turns into objects in this thread.
  for await (const batch of table.query().limit(count)) {
    for (const r of batch.toArray() as Array<Record<string, unknown>>) {
      await slice();
      rows.push(storedRow(r));
    }
  }
  // Table order is not promised: group by page (first seen first), card then passages in their order.
  const byPage = new Map<string, Row[]>();
  for (const row of rows) (byPage.get(row.page) ?? byPage.set(row.page, []).get(row.page)!).push(row);
  return [...byPage.values()].flatMap((group) => group.sort((a, b) => order(a) - order(b)));
}

/** A row as `build` stored it (null texts as ""), read back with each field checked: a table written otherwise fails loudly. */
function storedRow(r: Record<string, unknown>): Row {
  const text = (field: string): string => {
    const value = r[field];
    if (typeof value !== "string") throw new Error(`search index row ${String(r.id)}: ${field} is ${typeof value}, not text`);
    return value;
  };
  const role = text("role");
  if (role !== "card" && role !== "passage") throw new Error(`search index row ${String(r.id)}: role "${role}" is neither card nor passage`);
  const vector = r.vector;
  if (vector === null || typeof vector !== "object" || !(Symbol.iterator in vector)) throw new Error(`search index row ${String(r.id)}: no vector`);
  return {
    id: text("id"),
    page: text("page"),
    title: text("title"),
    pagePath: text("pagePath"),
    path: text("path"),
    slug: text("slug"),
    category: text("category"),
    section: text("section"),
    text: text("text"),
    role,
    tldr: text("tldr"),
    themes: text("themes"),
    headings: text("headings"),
    vector: Float32Array.from(vector as Iterable<number>),
  };
}

const order = (r: Row) => (r.role === "card" ? -1 : Number(r.id.slice(r.id.lastIndexOf("#") + 1)));
