// ConversationStore: public conversations from ask. The owner token is shown once and stored only as
// a hash; continuing a conversation proves ownership by comparing hashes in constant time.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { forbidden, notFound } from "../core/errors.ts";
import { keyFamily } from "../storage/key-family.ts";
import type { KeyValueStore } from "../storage/kv.ts";

const Message = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  timestamp: z.string(),
  /** Pages an answer drew on (assistant messages). */
  sources: z.array(z.record(z.string(), z.unknown())).optional(),
});
export type Message = z.infer<typeof Message>;

const Conversation = z.object({
  slug: z.string(),
  name: z.string(),
  sessionId: z.string(),
  ownerTokenHash: z.string(),
  messages: z.array(Message).min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof Conversation>;

/** What the store reads back, checked: a conversation by its slug, and a session's slug. */
const CONVERSATION = keyFamily("conversation", Conversation);
const SESSION = keyFamily("conversation session", z.string());
const SLUGS = keyFamily("list of conversation slugs", z.array(z.string()));

/** The earlier layout's list of recent slugs (a key), moved once into the sorted collection of the same name. */
const RECENT = "conversations:recent";
const MIGRATED = "migrations:conversations-recent-sorted";
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A readable slug from a question: lowercase words, at most ~60 characters. */
export function slugFromQuestion(question: string): string {
  // Each word kept in its Latin letters and digits only (accents folded away): a word of another script leaves
  // nothing, rather than a hyphen (an Arabic or Russian question once became "-----", an address no page answered).
  const words = question
    .toLowerCase()
    .normalize("NFKD")
    .split(/[^\p{Letter}\p{Mark}\p{Number}]+/u)
    .map((word) => word.replace(/[^a-z0-9]/g, ""))
    .filter(Boolean);
  let slug = "";
  for (const w of words) {
    if ((slug + "-" + w).length > 60) break;
    slug = slug ? `${slug}-${w}` : w;
  }
  return slug || "question";
}

/** Compare a presented token with the stored hash without leaking where they differ. */
export function tokenMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hash(presented), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export class ConversationStore {
  private touches = 0;

  constructor(private kv: KeyValueStore) {}

  get(slug: string): Promise<Conversation | null> {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return Promise.resolve(null);
    return this.kv.read(CONVERSATION, `conversations:item:${slug}`);
  }

  /** Start a conversation under a unique slug (claimed atomically); returns it with the one-time token. */
  async start(name: string, first: Message[], at: Date): Promise<{ conversation: Conversation; ownerToken: string }> {
    const ownerToken = randomBytes(24).toString("base64url");
    const base = slugFromQuestion(first[0].content);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      const conversation: Conversation = {
        slug,
        name,
        sessionId: randomUUID(),
        ownerTokenHash: hash(ownerToken),
        messages: first,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      };
      const { created } = await this.kv.setIfAbsent(`conversations:item:${slug}`, conversation);
      if (!created) continue;
      await this.kv.set(`conversations:session:${conversation.sessionId}`, slug);
      await this.touch(slug, at);
      return { conversation, ownerToken };
    }
  }

  /** The conversation of a session, if the token proves ownership (404 unknown session, 403 wrong token). */
  async owned(sessionId: string, ownerToken: string | undefined): Promise<Conversation> {
    const slug = /^[0-9a-f-]{36}$/.test(sessionId) ? await this.kv.read(SESSION, `conversations:session:${sessionId}`) : null;
    const conversation = slug ? await this.get(slug) : null;
    if (!conversation)
      throw notFound("No conversation has that session_id.", { suggestion: "Nothing is lost. Leave out session_id to begin a new conversation." });
    if (!ownerToken || !tokenMatches(ownerToken, conversation.ownerTokenHash)) {
      throw forbidden("That owner_token does not belong to this conversation.", {
        suggestion: "Nothing was changed. Send the owner_token you received when the conversation began, or begin a new one without session_id.",
      });
    }
    return conversation;
  }

  async append(slug: string, messages: Message[], at: Date): Promise<Conversation> {
    const updated = await this.kv.updateChecked(CONVERSATION, `conversations:item:${slug}`, (c) => {
      // Called for a conversation this process has just read (tools/ask.ts): gone since is the store's fault.
      if (!c) throw new Error(`conversation ${slug} vanished before its answer was stored`);
      return { ...c, messages: [...c.messages, ...messages], updatedAt: at.toISOString() };
    });
    await this.touch(slug, at);
    return updated;
  }

  /** The `limit` most recently active conversations, newest first (one page of `newestFirst`). */
  async recent(limit: number): Promise<Conversation[]> {
    const out: Conversation[] = [];
    for await (const c of this.newestFirst(limit)) if (out.push(c) === limit) break;
    return out;
  }

  /**
   * The most recently active conversations, newest first, read a page at a time: a reader that skips some (near-duplicate
   * questions) reads on only as far as it needs.
   */
  async *newestFirst(pageSize = 10): AsyncGenerator<Conversation> {
    const seen = new Set<string>();
    let to: number | undefined;
    for (;;) {
      const page = await this.kv.sorted<null>(RECENT).range({ order: "desc", limit: pageSize, ...(to === undefined ? {} : { to }) });
      // The next page starts at this one's last score (inclusive: members of equal score are not lost).
      let fresh = 0;
      for (const { member } of page) {
        if (seen.has(member)) continue;
        seen.add(member);
        fresh++;
        const c = await this.get(member);
        if (c) yield c;
      }
      if (page.length < pageSize || fresh === 0) return;
      to = page[page.length - 1].score;
    }
  }

  /** Moves the earlier layout's recent list into the sorted collection, once (scored by each conversation's last activity). */
  async migrate(): Promise<number> {
    if (await this.kv.get(MIGRATED)) return 0;
    const slugs = (await this.kv.read(SLUGS, RECENT)) ?? [];
    for (const slug of slugs) {
      const c = await this.get(slug);
      if (c) await this.kv.sorted<null>(RECENT).put(slug, Date.parse(c.updatedAt), null, { onlyIfHigher: true });
    }
    await this.kv.remove(RECENT);
    await this.kv.set(MIGRATED, { at: new Date().toISOString(), conversations: slugs.length });
    return slugs.length;
  }

  private async touch(slug: string, at: Date): Promise<void> {
    const recent = this.kv.sorted<null>(RECENT);
    await recent.put(slug, at.getTime(), null, { onlyIfHigher: true });
    // Keep the index small: only the newest 200 are ever shown. Trimmed every 50th touch, not on each one.
    if (++this.touches % 50 === 0) {
      const kept = await recent.range({ order: "desc", limit: 200 });
      if (kept.length === 200) await recent.removeRange({ to: kept[199].score - 1 });
    }
  }
}
