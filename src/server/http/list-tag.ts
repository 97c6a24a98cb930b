/**
 * The reference lists' answers carry a tag of their content (docs/products.md "Lists"): the
 * client sends the tag of the copy it keeps in If-None-Match and gets 304 without a body when the
 * list is still that copy. A tablet starting the app with a million products in the catalogue
 * then does not download ~80,000 family keys again when none changed.
 *
 * The tag is a digest of the JSON answer (Hono's etag middleware), weak because the answer may be
 * sent compressed. The middleware only tags answers to GET that succeeded; an error answer carries
 * no tag, and the 304 keeps the ETag header only.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { etag } from 'hono/etag';

/**
 * Tags a list answer by its content and answers 304 to an If-None-Match that names it. An answer
 * that already carries an ETag (taggedJsonAnswer) keeps it: the middleware then hashes nothing.
 */
export const listTag = () => etag({ weak: true });

/** A list's JSON answer and its tag, made once so that both can be kept (the family keys). */
export interface TaggedJson {
  body: string;
  tag: string;
}

export function taggedJson(value: unknown): TaggedJson {
  const body = JSON.stringify(value);
  return { body, tag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** Answers a kept TaggedJson: its tag as the ETag, its text as the JSON body. */
export function taggedJsonAnswer(c: Context, answer: TaggedJson): Response {
  c.header('ETag', answer.tag);
  return c.body(answer.body, 200, { 'Content-Type': 'application/json' });
}
