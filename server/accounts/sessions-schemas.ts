import { Type } from 'typebox';
import {
  ActivityEntrySchema,
  RevokedSessionsSchema,
  SignedInBrowserSchema,
} from '../../contracts/account-sessions.schema.ts';
import { answers } from '../lib/answer-schemas.ts';
import { idSchema, strictObject } from '../lib/input-schema.ts';

/** Schemas of the Sessions and Recent activity calls (docs/api-auth.md); the bodies are in contracts/. */

export const sessionIdParams = strictObject({ id: idSchema });

export const sessionsResponse = answers({ 200: Type.Array(SignedInBrowserSchema) });

export const revokedResponse = answers({ 200: RevokedSessionsSchema });

export const activityResponse = answers({ 200: Type.Array(ActivityEntrySchema) });
