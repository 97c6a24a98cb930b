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
import { etag } from 'hono/etag';

/** Tags a list answer by its content and answers 304 to an If-None-Match that names it. */
export const listTag = () => etag({ weak: true });
