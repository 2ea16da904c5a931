import { create, type Struct } from 'superstruct';
import { TEAM_ERRORS } from '../../contracts/team-body.ts';
import { tokenStore } from './token-store.ts';

export type Service = 'auth' | 'api' | 'stats';

export interface ApiSettings {
  bases: Record<Service, string>;
  /** spec 7: 403 on any call sends the browser to the site root. */
  onForbidden: () => void;
  /** A 401 to a call that carried a token means the session ended elsewhere. */
  onSessionEnded: () => void;
  /**
   * A 403 'read_only' means the user was made a viewer since the session was last checked (another admin
   * changed the role): the app checks the session again, so its screens turn read-only, instead of leaving.
   */
  onReadOnly: () => void;
}

let settings: ApiSettings = {
  bases: { auth: '/auth/', api: '/api/', stats: '/stats/' },
  onForbidden: () => window.location.assign('/'),
  onSessionEnded: () => {},
  onReadOnly: () => window.location.assign('/'),
};

/** Sets the service base URLs (from /app-config.json) and the 403 behaviour; called once at start. */
export function configureApi(next: Partial<ApiSettings>): void {
  settings = { ...settings, ...next, bases: { ...settings.bases, ...next.bases } };
}

/** A rejected call: the HTTP status and the server's `{ error, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole parsed error body, for answers that carry data besides `{ error, message }`. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** The call never reached the server (fetch itself failed: offline, server down, DNS), not an HTTP refusal. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('network_error', { cause });
  }
}

/** Whether a failed call failed for want of a connection (see NetworkError). */
export const isUnreachable = (error: unknown): boolean => error instanceof NetworkError;

export type FormFields = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  /** Sent as form data (spec 7: auth bodies are form data). Undefined fields are left out. */
  form?: FormFields;
  json?: unknown;
  signal?: AbortSignal;
  /** The response shape; the body is validated with `create()` once, here. */
  struct: Struct<T, unknown>;
  /** Read the body as text instead of JSON (e.g. the compose file). */
  text?: boolean;
  /**
   * A 403 that is an answer the screen shows (an invitation for another address, a viewer's refusal)
   * rather than a call the caller may not make; it does not send the browser to the root.
   */
  forbiddenIsAnswer?: boolean;
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The address of `path` on a service, e.g. the event stream (GET v1/sse/handle) that EventSource opens itself. */
export function serviceUrl(service: Service, path: string): string {
  return joinUrl(settings.bases[service], path);
}

function encodeForm(fields: FormFields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined && value !== null) body.set(key, String(value));
  return body;
}

/** One client for the three services: bearer token, credentials, validation and the 401/403 rules of spec 7. */
export async function request<T>(
  service: Service,
  method: string,
  path: string,
  options: RequestOptions<T>,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = encodeForm(options.form);
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(joinUrl(settings.bases[service], path), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  }).catch((error: unknown) => {
    // An abort stays what it is (from-request.ts ignores it); anything else is a connection failure.
    throw options.signal?.aborted ? error : new NetworkError(error);
  });
  if (response.status === 200 || response.status === 201) {
    const data: unknown = options.text ? await response.text() : await response.json();
    return create(data, options.struct);
  }
  const data: unknown = await response.json().catch(() => undefined);
  const error = (data ?? {}) as { error?: string; message?: string };
  if (response.status === 401) {
    tokenStore.clear();
    // Without a token a 401 is a refusal (a wrong password), not a session that ended.
    if (token) settings.onSessionEnded();
  }
  if (response.status === 403 && !options.forbiddenIsAnswer) {
    if (error.error === TEAM_ERRORS.viewerReadOnly.error) settings.onReadOnly();
    else settings.onForbidden();
  }
  throw new ApiError(
    response.status,
    error.error ?? 'http_error',
    error.message ?? `Request failed (${response.status})`,
    data,
  );
}
