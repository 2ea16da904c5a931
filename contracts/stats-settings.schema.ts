import { type Static, Type } from 'typebox';
import { closed } from './wire.schema.ts';

/** The bodies of the statistics configuration list (spec 4 and 7): a JSON blob per user and team. */

/** What the save call takes: any JSON object, the statistics screen's own (its tabs and node selection). */
export const StatSettingsSaveSchema = Type.Record(Type.String(), Type.Unknown());
export type StatSettingsSave = Static<typeof StatSettingsSaveSchema>;

/** What both the read and the save call answer. */
export const StatSettingsSchema = Type.Object(
  { text: Type.String({ description: "The saved JSON as text ('{}' until something is saved)" }) },
  closed,
);
export type StatSettingsBody = Static<typeof StatSettingsSchema>;
