import { type Static, Type } from 'typebox';
import { closed } from './wire.schema.ts';

/** One value of a dictionary and its name (spec 3; the locale: contracts/dictionaries.ts). */
export const DictionaryEntrySchema = Type.Object(
  { value: Type.Union([Type.Number(), Type.String()]), name: Type.String() },
  closed,
);
export type DictionaryEntry = Static<typeof DictionaryEntrySchema>;
