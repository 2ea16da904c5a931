/** spec 3, 7 and 9: the dictionaries the main API answers (GET dictionaries/{locale}) and the web app reads; an entry's
 * shape is contracts/dictionaries.schema.ts. */

/** spec 9: the web app asks for locale 45 (English); it is the only locale the server has. */
export const DICTIONARY_LOCALE = 45;
