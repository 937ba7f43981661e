// The last request's objects, held until the next request replaces them. V8 keeps an object's shape (its map) only
// while some object of that shape is alive: a full garbage collection with no request in flight drops the shapes of
// node:http's, srvx's and h3's per-request objects, and the next request builds them anew. A server that answers
// while it starts (health checks, first contact: many full collections between few requests) saw that often enough
// for the property caches in those libraries' constructors to turn megamorphic for good; from then on each
// ServerResponse was built as a dictionary, and every request cost about a third more, for the life of the process
// (docs/performance.md, fifty-fourth session). One request's objects held keep the shapes.
// core/tick-shape.mjs does the same for process.nextTick's queued objects.
import type { H3Event } from "h3";

/** What is held: only ever written, since being alive is all it is for. */
const held: { event: H3Event | null; answer: unknown } = { event: null, answer: null };

/** Holds a request's event: through it its srvx request, node's IncomingMessage and ServerResponse, and its context. */
export function keepRequestShapes(event: H3Event): void {
  held.event = event;
}

/** Holds a request's answer (a Response and its headers), as made by the route. */
export function keepAnswerShapes(answer: unknown): void {
  held.answer = answer;
}
