// The index's rows as one Arrow table, built column by column with the types LanceDB would infer (text as
// Utf8, the vector as a fixed-size list of Float32). Handed plain objects, LanceDB infers a schema and
// transposes row by row in this thread: its first batch of 128 rows held the event loop for tens of
// milliseconds during a first start, and each further batch for ~25. Built here, the vectors column is one
// view of a Float32Array and each text column one pass, so the whole library takes a few milliseconds.
import type * as Arrow from "apache-arrow";
import type { Field, Table, Utf8, Vector } from "apache-arrow";
import { requiredOnce } from "../core/load-once.ts";
import { timeSlicer, type Yielder } from "../core/time-slice.ts";
import type { Row } from "./memory-build.ts";

/**
 * Arrow's CommonJS build, the very module LanceDB requires (its `import` would load the ESM build beside it: two
 * copies of the package, each a hundred files, one of them on the way to every start), and only when a table is
 * written: a start that opens its stored index never writes one.
 */
const arrow = requiredOnce<typeof Arrow>("apache-arrow");

/** The text columns, in the order a stored index has always had them (a card's fields first). */
export const TEXT_COLUMNS = ["id", "page", "title", "pagePath", "path", "slug", "category", "section", "text", "role", "tldr", "themes", "headings"] as const;

/** What is stored of a row besides its vector: every text column (null texts as ""). */
export type StoredText = Record<(typeof TEXT_COLUMNS)[number], string>;

/** `rows` with their vectors (row i's at `vectors[i * dims]`) as one Arrow table for `createTable`. */
export async function rowsTable(rows: readonly StoredText[], vectors: Float32Array, dims: number, slice: Yielder = timeSlicer()): Promise<Table> {
  if (vectors.length !== rows.length * dims) throw new Error(`${vectors.length} vector values for ${rows.length} rows of ${dims} dims`);
  const { Field, FixedSizeList, Float32, makeData, makeVector, Schema, Table, Utf8 } = arrow();
  const columns: Record<string, Vector> = {};
  const fields: Field[] = [];
  for (const name of TEXT_COLUMNS) {
    await slice();
    columns[name] = utf8Column(rows.map((r) => r[name]));
    fields.push(new Field(name, new Utf8(), true));
  }
  const listType = new FixedSizeList(dims, new Field("item", new Float32(), true));
  const values = makeData({ type: new Float32(), length: vectors.length, data: vectors });
  columns.vector = makeVector(makeData({ type: listType, length: rows.length, child: values }));
  fields.push(new Field("vector", listType, true));
  return new Table(new Schema(fields), columns);
}

/** Strings as one Utf8 column: their bytes written into one buffer, with the offsets Arrow reads them by
 * (apache-arrow's own `vectorFromArray` took ~80 ms for the library's texts once warm, and several times that cold);
 * a column per slice of the event loop. */
function utf8Column(texts: readonly string[]): Vector<Utf8> {
  const { makeData, makeVector, Utf8 } = arrow();
  const offsets = new Int32Array(texts.length + 1);
  for (let i = 0; i < texts.length; i++) offsets[i + 1] = offsets[i] + Buffer.byteLength(texts[i]);
  // One encoding of the joined texts: a write per text cost more in its checks than in its bytes.
  const bytes = Buffer.from(texts.join(""));
  return makeVector(makeData({ type: new Utf8(), length: texts.length, valueOffsets: offsets, data: bytes }));
}

/** A row's text columns as stored (null path, slug and section as ""). */
export function storedText(row: Row): StoredText {
  return { ...row, path: row.path ?? "", slug: row.slug ?? "", section: row.section ?? "" };
}
