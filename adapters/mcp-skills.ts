// The MCP Skills extension (io.modelcontextprotocol/skills, SEP-2640): the same SKILL.md files the agent-skills
// index serves (adapters/skills.ts, one source), as `skill://<name>/SKILL.md` resources with `skills/list` and
// `skills/get` (answered from the method table, adapters/mcp-methods.ts). Each skill is one file; its entry (frontmatter, digest, size) is built by the SDK's `skillEntry`
// from the exact bytes served, so a client's verification reads what it was promised.
import { SKILLS_EXTENSION_ID, skillEntry, type Skill as SkillEntry } from "@modelcontextprotocol/server/ext/skills";
import { SanctuaryError } from "../core/errors.ts";
import { RawJson } from "../core/json.ts";
import type { Library } from "../corpus/library.ts";
import type { Operation } from "../tools/operation.ts";
import { stepsFor } from "./http.ts";
import { refusal } from "./mcp-resources.ts";
import { skillsFor, type Skill } from "./skills.ts";

/** The capability declared beside tools, resources and prompts (no directory reads: every skill is one file). */
export const SKILLS_CAPABILITY = { extensions: { [SKILLS_EXTENSION_ID]: {} } };

const SKILL_URI = /^skill:\/\/([a-z0-9-]+)\/SKILL\.md$/;
export const isSkillUri = (uri: string) => uri.startsWith("skill://");

// Entries per skill object: the skills are kept per base and library content, so their entries are too.
const entries = new WeakMap<Skill, Promise<SkillEntry>>();
const entryOf = (skill: Skill) => {
  let entry = entries.get(skill);
  if (!entry) entries.set(skill, (entry = skillEntry(skill.name, { "SKILL.md": skill.content })));
  return entry;
};

// 2026-07-28 results are cacheable (ttlMs and cacheScope required); the 2025 revisions have no such fields.
const HOUR = { ttlMs: 3_600_000, cacheScope: "public" as const };
const cacheFor = (modern: boolean) => (modern ? HOUR : {});

// skills/list's result per skill list (one per base and library content) and era, encoded once: entries never change.
const lists = new WeakMap<Skill[], Map<boolean, Promise<RawJson>>>();

/** skills/list: every skill's entry. */
export function listSkills(operations: Operation[], library: Library, base: string, modern: boolean): Promise<RawJson> {
  const skills = skillsFor(operations, library, base);
  let byEra = lists.get(skills);
  if (!byEra) lists.set(skills, (byEra = new Map()));
  let list = byEra.get(modern);
  if (!list) {
    list = Promise.all(skills.map(entryOf)).then((entries) => new RawJson([Buffer.from(JSON.stringify({ skills: entries, ...cacheFor(modern) }), "utf8")]));
    byEra.set(modern, list);
    // A failure is not kept: the next list tries again.
    list.catch(() => byEra.delete(modern));
  }
  return list;
}

/** skills/get: one skill's entry by its SKILL.md address. */
export async function getSkill(uri: string, operations: Operation[], library: Library, base: string, modern: boolean) {
  return { skill: await entryOf(skillAt(skillsFor(operations, library, base), uri, base)), ...cacheFor(modern) };
}

/** The skill at `uri`, or -32602 carrying the error body, as every other unreadable resource (mcp-resources.ts `refusal`). */
function skillAt(skills: Skill[], uri: string, base: string): Skill {
  const name = SKILL_URI.exec(uri)?.[1];
  const skill = name ? skills.find((s) => s.name === name) : undefined;
  if (skill) return skill;
  const error = new SanctuaryError("not_found", `No skill is served at ${uri}. skills/list names every skill; each is skill://<name>/SKILL.md.`, {
    suggestion: "Nothing is lost. skills/list names every skill, and each is read at skill://<name>/SKILL.md.",
  });
  throw refusal(uri, error.body(stepsFor(base).home()));
}

/** resources/read of a skill's SKILL.md: exactly the bytes the agent-skills index serves. */
export function readSkill(uri: string, operations: Operation[], library: Library, base: string) {
  const skill = skillAt(skillsFor(operations, library, base), uri, base);
  return { contents: [{ uri, mimeType: "text/markdown", text: skill.content }] };
}
