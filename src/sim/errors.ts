// API errors as the Kubernetes API server returns them: a `kind: Status` body with code,
// reason, message and (where the real server gives them) details. Message formats follow
// apimachinery's errors package so clients that match on them behave as against a cluster.

/** One entry of `Status.details.causes`. */
export interface StatusCause {
  readonly reason?: string;
  readonly message?: string;
  readonly field?: string;
}

export interface StatusDetails {
  readonly name?: string;
  readonly group?: string;
  readonly kind?: string;
  readonly uid?: string;
  readonly causes?: readonly StatusCause[];
  readonly retryAfterSeconds?: number;
}

/** A failed request, carried as an exception through the engine and rendered as a Status. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    public readonly reason: string,
    message: string,
    public readonly details?: StatusDetails,
    /** Extra response headers (e.g. Retry-After). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toStatus(): Record<string, unknown> {
    const s: Record<string, unknown> = {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
    };
    // An error without a reason (e.g. a failed apply typing) has none on the wire either.
    if (this.reason) s.reason = this.reason;
    if (this.details) s.details = this.details;
    s.code = this.code;
    return s;
  }
}

/** `group` + `resource` as the server names them in messages: `baremetalhosts.metal3.io`, `secrets`. */
export interface GroupResource {
  readonly group: string;
  readonly resource: string;
}

function qualified(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

export function notFound(gr: GroupResource, name: string): ApiError {
  return new ApiError(404, 'NotFound', `${qualified(gr)} "${name}" not found`, { name, group: gr.group || undefined, kind: gr.resource });
}

/** 404 for a path the server does not serve at all (unknown group/version/resource). */
export function resourceNotFound(): ApiError {
  return new ApiError(404, 'NotFound', 'the server could not find the requested resource', {});
}

export function alreadyExists(gr: GroupResource, name: string): ApiError {
  return new ApiError(409, 'AlreadyExists', `${qualified(gr)} "${name}" already exists`, { name, group: gr.group || undefined, kind: gr.resource });
}

export function conflict(gr: GroupResource, name: string, why: string): ApiError {
  return new ApiError(409, 'Conflict', `Operation cannot be fulfilled on ${qualified(gr)} "${name}": ${why}`,
    { name, group: gr.group || undefined, kind: gr.resource });
}

export const MODIFIED_CONFLICT = 'the object has been modified; please apply your changes to the latest version and try again';

/** 409 from server-side apply when fields owned by other managers would change. */
export function applyConflict(causes: StatusCause[], message: string): ApiError {
  return new ApiError(409, 'Conflict', message, { causes });
}

/** 422 Invalid: `Kind.group "name" is invalid: field: message` with one cause per field error. */
export function invalid(kind: string, group: string, name: string, causes: StatusCause[]): ApiError {
  const qk = group ? `${kind}.${group}` : kind;
  const parts = causes.map(c => (c.field ? `${c.field}: ${c.message}` : `${c.message}`));
  const summary = parts.length === 1 ? parts[0] : `[${parts.join(', ')}]`;
  return new ApiError(422, 'Invalid', `${qk} "${name}" is invalid: ${summary}`,
    { name, group: group || undefined, kind, causes });
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, 'BadRequest', message);
}

export function forbidden(gr: GroupResource, name: string, why: string, causes?: StatusCause[]): ApiError {
  return new ApiError(403, 'Forbidden', `${qualified(gr)} "${name}" is forbidden: ${why}`,
    { name, group: gr.group || undefined, kind: gr.resource, causes });
}

export function methodNotSupported(gr: GroupResource, verb: string): ApiError {
  return new ApiError(405, 'MethodNotAllowed', `${verb} is not supported on resources of kind "${qualified(gr)}"`,
    { group: gr.group || undefined, kind: gr.resource });
}

export function unsupportedMediaType(contentType: string, accepted: string[]): ApiError {
  return new ApiError(415, 'UnsupportedMediaType',
    `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`,
    { causes: [{ reason: 'UnexpectedServerResponse', message: contentType }] });
}

/** 410 Gone for a watch or continue token older than the retained history. */
export function expired(message: string): ApiError {
  return new ApiError(410, 'Expired', message);
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(429, 'TooManyRequests', 'Too many requests, please try again later.',
    { retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
}

export function internalError(message: string): ApiError {
  return new ApiError(500, 'InternalError', `Internal error occurred: ${message}`, { causes: [{ message }] });
}

export function serviceUnavailable(message = 'the server is currently unable to handle the request'): ApiError {
  return new ApiError(503, 'ServiceUnavailable', message);
}

export function timeoutError(message: string, causes?: StatusCause[]): ApiError {
  return new ApiError(504, 'Timeout', message, causes ? { causes } : undefined);
}
