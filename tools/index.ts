// The single list of operations. The REST routes, the MCP tools and the OpenAPI document are all generated from it.
import { isTool, type Operation, type ToolOperation } from "./operation.ts";
import { apiIndex } from "./api-index.ts";
import { ask } from "./ask.ts";
import { askConversation } from "./ask-conversation.ts";
import { askHealth } from "./ask-health.ts";
import { askRecent } from "./ask-recent.ts";
import { attend } from "./attend.ts";
import { contribute } from "./contribute.ts";
import { feedback } from "./feedback.ts";
import { health } from "./health.ts";
import { listDocs } from "./list-docs.ts";
import { listSongs } from "./list-songs.ts";
import { now } from "./now.ts";
import { readDoc } from "./read-doc.ts";
import { readSong } from "./read-song.ts";
import { reflect } from "./reflect.ts";
import { reflectionsBySong } from "./reflections-by-song.ts";
import { reflectionsRecent } from "./reflections-recent.ts";
import { reflectionsService } from "./reflections-service.ts";
import { reflectionsSong } from "./reflections-song.ts";
import { search } from "./search.ts";
import { servicesByDate } from "./services-by-date.ts";
import { songContext } from "./song-context.ts";
import { songLyrics } from "./song-lyrics.ts";

export const operations: Operation[] = [
  apiIndex,
  health,
  now,
  attend,
  servicesByDate,
  listSongs,
  readSong,
  songLyrics,
  songContext,
  listDocs,
  readDoc,
  reflect,
  reflectionsRecent,
  reflectionsBySong,
  reflectionsSong,
  reflectionsService,
  search,
  ask,
  askRecent,
  askConversation,
  askHealth,
  contribute,
  feedback,
];

/** The operations that are MCP tools (eight), in the list's order. */
export const toolOperations: readonly ToolOperation[] = operations.filter(isTool);
