// The player bar: outside <main>, so it stays while shell.js swaps pages in and out of it, and its one
// <audio> goes on playing a service across pages. Hidden until player.js has a service to hold: without
// scripts it never shows, and each page's own players are there as before.
import { html, type Html } from "./html.ts";

export function playerBar(): Html {
  return html`<section class="player-bar" id="player-bar" aria-label="Service player" hidden>
<audio preload="none"></audio>
<div class="bar-now">
<p class="bar-title"><a class="bar-part" href="/"></a></p>
<p class="meta bar-where"><span class="bar-position"></span> · <span class="bar-service"></span></p>
<p class="meta bar-time"><span class="bar-elapsed">0:00</span> / <span class="bar-length">0:00</span> <progress class="bar-progress" max="1" value="0" aria-label="Time into this part"></progress></p>
</div>
<div class="bar-controls">
<button type="button" class="bar-toggle">Play</button>
<button type="button" class="bar-next">Next part</button>
<button type="button" class="bar-stop">Stop</button>
</div>
<p class="visually-hidden bar-status" aria-live="polite"></p>
</section>`;
}
