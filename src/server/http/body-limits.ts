/**
 * Request body limits for every route, enforced while the body streams in and before the token or
 * the password is looked at: a caller without a token cannot make the server hold more than the
 * limit of the path it sends to. Over the limit: 413 `{message}` and the connection is closed.
 * The limits and their reasons: docs/security.md, "Limits".
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serverSentence, type ServerSentence } from '../../shared/server-messages';
import { ApiError } from './errors';
import { streamedBodyLimit } from './streamed-upload';

/** POST /auth/login: a user name (≤ 200) and a password (≤ 1,000 characters) fit many times over. */
export const LOGIN_BODY_LIMIT_BYTES = 16 * 1024;
/** Any JSON call: a whole product with a 200,000-character description and 50 images fits. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export interface BodyLimitRule {
  /** Exact path, or a prefix when it ends with '/'. */
  path: string;
  maxBytes: number;
  /** The 413 sentence; by default 'The request body is larger than …' (server.bodyTooLarge). */
  sentence?: ServerSentence | null;
  /** Counted while it streams, never buffered: the call reads its body as a stream (streamed-upload.ts). */
  streamed?: boolean;
}

export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${+(bytes / 1024).toFixed(1)} KB`;
}

/** The 413 answer of a rule: its own sentence, else the request body's size. */
function tooLargeSentence(rule: BodyLimitRule): ServerSentence {
  return rule.sentence ?? serverSentence('bodyTooLarge', describeBytes(rule.maxBytes));
}

/** The rule for a path: the first matching rule, else the JSON limit. Pure. */
export function bodyLimitFor(path: string, rules: readonly BodyLimitRule[]): BodyLimitRule {
  const rule = rules.find((entry) => (entry.path.endsWith('/') ? path.startsWith(entry.path) : path === entry.path || path === `${entry.path}/`));
  return rule ?? { path: '*', maxBytes: JSON_BODY_LIMIT_BYTES };
}

export function requestBodyLimits(rules: readonly BodyLimitRule[]): MiddlewareHandler {
  const limiters = new Map<BodyLimitRule, MiddlewareHandler>();
  const limiterOf = (rule: BodyLimitRule) => {
    let limiter = limiters.get(rule);
    if (!limiter && rule.streamed) {
      limiter = streamedBodyLimit(rule.maxBytes, () => ApiError.saying(413, tooLargeSentence(rule)));
      limiters.set(rule, limiter);
    }
    if (!limiter) {
      limiter = bodyLimit({
        maxSize: rule.maxBytes,
        onError: () => {
          // Close the connection: the rest of the body is not read (the server drains a little, then hangs up).
          throw ApiError.saying(413, tooLargeSentence(rule), { Connection: 'close' });
        },
      });
      limiters.set(rule, limiter);
    }
    return limiter;
  };
  return (c, next) => limiterOf(bodyLimitFor(c.req.path, rules))(c, next);
}
