import { HttpError } from './errors.ts';

/**
 * No body the server takes nests deeper than a few levels (the statistics settings blob, telemetry points); a cap
 * keeps a deeply nested document from reaching code that walks it recursively.
 */
export const MAX_JSON_DEPTH = 32;

/** How deep `text` nests objects and arrays, stopping as soon as `limit` is passed. Strings are skipped. */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/** Refuses a JSON text nested deeper than MAX_JSON_DEPTH with a 400, before it is parsed. */
export function assertJsonDepth(text: string): void {
  if (nestingExceeds(text, MAX_JSON_DEPTH)) {
    throw new HttpError(400, 'too_deep', `JSON bodies may nest at most ${MAX_JSON_DEPTH} levels.`);
  }
}
