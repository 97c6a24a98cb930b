/**
 * The one way a schema's refusal becomes the sentence of a 400 (src/server/http/problem-sentence.ts),
 * and the change-set check that PATCH /api/v1/product/{id} and the batch share
 * (src/server/catalogue/change-set-input.ts).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/server/http/errors';
import { notValidSentence, parsedOr400, problemSentence, problemText } from '../../src/server/http/problem-sentence';
import { checkChangeSet } from '../../src/server/catalogue/change-set-input';
import { MADE_AT_MAX_AGE_MS } from '../../src/server/http/author';

const issue = (path: PropertyKey[], message: string) => ({ path, message });

describe('one problem', () => {
  it('names its field, the whole value by the name given, or stands alone', () => {
    expect(problemText(issue(['fields', 'title'], 'Too big'))).toBe('fields.title: Too big');
    expect(problemText(issue([0, 'id'], 'Required'))).toBe('0.id: Required');
    expect(problemText(issue([], 'Invalid input'), { whole: 'body' })).toBe('body: Invalid input');
    expect(problemText(issue([], 'Invalid input'))).toBe('Invalid input');
  });

  it('keeps a sentence of its own as it is, and the messages of a schema that names its fields', () => {
    expect(problemText(issue(['password'], 'The password needs at least 8 characters.'))).toBe('The password needs at least 8 characters.');
    expect(problemText(issue(['reasonCode'], 'reasonCode must be one of A, B'), { fieldsInMessages: true })).toBe('reasonCode must be one of A, B');
    expect(problemText(issue(['sort'], "sort key 'password' is not allowed"))).toBe("sort: sort key 'password' is not allowed");
  });
});

describe('the sentence', () => {
  it("names what was refused and at most three problems, then how many more", () => {
    expect(notValidSentence('The export', ['a: x'])).toBe('The export is not valid: a: x');
    expect(notValidSentence('The product', ['a', 'b', 'c', 'd', 'e'])).toBe('The product is not valid: a; b; c (and 2 more)');
    expect(problemSentence([issue(['title'], 'Required'), issue([], 'Unrecognized key: "x"')], { what: 'The Bol model', whole: 'body' })).toBe(
      'The Bol model is not valid: title: Required; body: Unrecognized key: "x"',
    );
  });

  it('is the first problem alone without a name of what was refused (the forms show it)', () => {
    expect(problemSentence([issue(['supplierName'], 'Give the supplier a name'), issue(['feedFormat'], 'Invalid option')])).toBe('supplierName: Give the supplier a name');
    expect(problemSentence([issue([], 'Invalid input')], { whole: 'The request' })).toBe('The request: Invalid input');
  });

  it("answers a value the schema refuses with 400 and the sentence, and passes the schema's reading on", () => {
    const schema = z.object({ enabled: z.boolean() }).strict();
    expect(parsedOr400(schema, { enabled: true })).toEqual({ enabled: true });
    let thrown: unknown;
    try {
      parsedOr400(schema, { enabled: 'yes' }, { what: 'The switch' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(400);
    expect((thrown as ApiError).message).toMatch(/^The switch is not valid: enabled: /);
  });
});

describe('a product change set (PATCH and batch alike)', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const valid = { fields: { title: { base: 'Old', value: 'New' } }, images: { added: [], deleted: [], edited: [] }, madeAt: now - 60_000, offline: false };

  it('passes a valid change set on', () => {
    const checked = checkChangeSet(valid, now);
    expect(checked.ok).toBe(true);
  });

  it('refuses a NUL, a shape the schema refuses and a device time not believed, each in one sentence', () => {
    expect(checkChangeSet({ ...valid, fields: { title: { base: 'Old', value: 'a\u0000b' } } }, now)).toEqual({
      ok: false,
      message: 'fields.title.value must not contain a NUL byte',
    });
    const shape = checkChangeSet({ ...valid, fields: 'all of them' }, now);
    expect(shape.ok).toBe(false);
    expect(!shape.ok && shape.message).toMatch(/^The change set is not valid: fields: /);
    const late = checkChangeSet({ ...valid, madeAt: now - MADE_AT_MAX_AGE_MS - 1 }, now);
    expect(!late.ok && late.message).toMatch(/^The change set is not valid: madeAt: must be a time within the last 30 days/);
  });
});
