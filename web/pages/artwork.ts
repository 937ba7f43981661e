// The header's artwork, drawn here: a horizon at the quiet hour (far and near hills, a low sun or moon with
// its halo, a few stars, and on the near hill a small arched doorway with a light inside: the sanctuary).
// Inline SVG whose colours come from the stylesheet's custom properties, so it follows light and dark; it is
// decoration (aria-hidden). And the theme button, shown by theme.js (without scripts the system's choice holds).
import { trusted, type Html } from "./html.ts";

export const horizon: Html = trusted(
  `<svg class="horizon" viewBox="0 0 1200 120" preserveAspectRatio="xMidYMax slice" aria-hidden="true" focusable="false">` +
    `<defs><linearGradient id="horizon-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" class="sky-top"/><stop offset="1" class="sky-low"/></linearGradient></defs>` +
    `<rect width="1200" height="120" fill="url(#horizon-sky)"/>` +
    `<g class="stars"><circle cx="140" cy="22" r="1.6"/><circle cx="310" cy="40" r="1.1"/><circle cx="505" cy="16" r="1.3"/><circle cx="770" cy="30" r="1.1"/><circle cx="1010" cy="18" r="1.5"/><circle cx="1120" cy="46" r="1"/></g>` +
    `<circle class="halo" cx="730" cy="80" r="46"/><circle class="sun" cx="730" cy="80" r="20"/>` +
    `<path class="far" d="M0 86C120 70 230 64 350 74S580 96 700 84 930 58 1050 66 1170 80 1200 78V120H0Z"/>` +
    `<path class="near" d="M0 104C150 92 280 86 420 92S640 110 780 104 1000 84 1200 96V120H0Z"/>` +
    `<path class="door" d="M430 93v-15a9 9 0 0 1 18 0v15z"/><path class="light" d="M439 81c-2 2.5-2.6 4.2-2.6 5.6a2.6 2.6 0 0 0 5.2 0c0-1.4-.6-3.1-2.6-5.6z"/>` +
    `</svg>`,
);

/** Light or dark: pressed means dark. Hidden until theme.js runs (it also keeps aria-pressed true to what shows). */
export const themeToggle: Html = trusted(
  `<button type="button" id="theme-toggle" class="theme-toggle" aria-pressed="false" title="Dark theme" hidden>` +
    `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12 3.5a8.5 8.5 0 0 1 0 17z" fill="currentColor"/></svg>` +
    `<span class="visually-hidden">Dark theme</span></button>`,
);
