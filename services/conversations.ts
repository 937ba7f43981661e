// ConversationStore: public conversations from ask. The owner token is shown once and stored only as
// a hash; continuing a conversation proves ownership by comparing hashes in constant time.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { forbidden, notFound } from "../core/errors.ts";
import type { KeyValueStore } from "../storage/kv.ts";

export interface Message {
  role: "user" | "assistant";
  content: string;
  timestamp: string;
  /** Pages an answer drew on (assistant messages). */
  sources?: Array<Record<string, unknown>>;
}

export interface Conversation {
  slug: string;
  name: string;
  sessionId: string;
  ownerTokenHash: string;
  messages: Message[];
  createdAt: string;
  updatedAt: string;
}

const RECENT_KEY = "conversations:recent";
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A readable slug from a question: lowercase words, at most ~60 characters. */
export function slugFromQuestion(question: string): string {
  const words = question.toLowerCase().normalize("NFKD").replace(/[^\p{Letter}\p{Number}\s-]/gu, " ").split(/\s+/).filter(Boolean);
  let slug = "";
  for (const w of words) {
    if ((slug + "-" + w).length > 60) break;
    slug = slug ? `${slug}-${w}` : w;
  }
  return slug.replace(/[^a-z0-9-]/g, "") || "question";
}

/** Compare a presented token with the stored hash without leaking where they differ. */
export function tokenMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hash(presented), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export class ConversationStore {
  constructor(private kv: KeyValueStore) {}

  get(slug: string): Promise<Conversation | null> {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return Promise.resolve(null);
    return this.kv.get<Conversation>(`conversations:item:${slug}`);
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
      await this.touch(slug);
      return { conversation, ownerToken };
    }
  }

  /** The conversation of a session, if the token proves ownership (404 unknown session, 403 wrong token). */
  async owned(sessionId: string, ownerToken: string | undefined): Promise<Conversation> {
    const slug = /^[0-9a-f-]{36}$/.test(sessionId) ? await this.kv.get<string>(`conversations:session:${sessionId}`) : null;
    const conversation = slug ? await this.get(slug) : null;
    if (!conversation) throw notFound("No conversation has that session_id.", { suggestion: "Nothing is lost. Leave out session_id to begin a new conversation." });
    if (!ownerToken || !tokenMatches(ownerToken, conversation.ownerTokenHash)) {
      throw forbidden("That owner_token does not belong to this conversation.", {
        suggestion: "Nothing was changed. Send the owner_token you received when the conversation began, or begin a new one without session_id.",
      });
    }
    return conversation;
  }

  async append(slug: string, messages: Message[], at: Date): Promise<Conversation> {
    const updated = await this.kv.update<Conversation>(`conversations:item:${slug}`, (c) => ({ ...c!, messages: [...c!.messages, ...messages], updatedAt: at.toISOString() }));
    await this.touch(slug);
    return updated;
  }

  /** Slugs of the most recently active conversations, newest first. */
  async recent(limit: number): Promise<Conversation[]> {
    const slugs = ((await this.kv.get<string[]>(RECENT_KEY)) ?? []).slice(-limit * 3).reverse();
    const out: Conversation[] = [];
    for (const slug of slugs) {
      const c = await this.get(slug);
      if (c) out.push(c);
    }
    return out;
  }

  private touch(slug: string): Promise<string[]> {
    return this.kv.update<string[]>(RECENT_KEY, (list) => [...(list ?? []).filter((s) => s !== slug), slug].slice(-200));
  }
}
