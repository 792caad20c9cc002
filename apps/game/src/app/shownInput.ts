/**
 * Input quoted in a player message: at most SHOWN_INPUT_CHARS characters, so a hostile or
 * overlong URL value cannot flood the screen. Messages are shown as text (`textContent`), never
 * parsed as markup.
 */

/** Longest quoted input shown in a message, characters; longer values end in "…". */
const SHOWN_INPUT_CHARS = 80;

export function shownInput(raw: string): string {
  return raw.length > SHOWN_INPUT_CHARS ? `${raw.slice(0, SHOWN_INPUT_CHARS)}…` : raw;
}

/** `decodeURIComponent` that returns null instead of throwing URIError on a malformed escape. */
export function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
