/**
 * Words, not codes (docs/jobs.md, "Words, not codes"): every status code of the contract (ours,
 * and bol's own API description in tests/contract/bol-openapi) has a word in
 * src/shared/status-words.ts. A new code without its word fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BOL_CONTENT_STATUSES,
  BOL_JOB_ITEM_STATUSES,
  BOL_JOB_STATUSES,
  BOL_PROCESS_STATUSES,
  BOL_SUB_STATUSES,
  BOL_UPLOAD_ENTRY_STATUSES,
  BOL_UPLOAD_REPORT_STATUSES,
} from '../../src/shared/bol-contract';
import { JOB_KINDS, JOB_STATUSES } from '../../src/shared/jobs';
import {
  BOL_JOB_ITEM_STATUS_WORDS,
  BOL_JOB_STATUS_WORDS,
  CONTENT_STATUS_WORDS,
  contentStatusWords,
  JOB_KIND_WORDS,
  JOB_STATUS_WORDS,
  PROCESS_STATUS_WORDS,
  SUB_STATUS_WORDS,
  subStatusWords,
  UPLOAD_ENTRY_STATUS_WORDS,
  UPLOAD_REPORT_STATUS_WORDS,
} from '../../src/shared/status-words';

/** Every code of the list has a word that reads as words: not the code, no underscores, not shouted. */
function expectWordsFor(codes: readonly string[], words: Readonly<Record<string, string>>): void {
  for (const code of codes) {
    const word = words[code];
    expect(word, `no word for ${code}`).toBeTypeOf('string');
    expect(word?.trim(), `empty word for ${code}`).not.toBe('');
    expect(word, `${code} is shown as its code`).not.toBe(code);
    expect(word, `${code}: "${word}" has an underscore`).not.toMatch(/_/);
    expect(word, `${code}: "${word}" is in capitals`).not.toMatch(/^[A-Z]{2,}( |$)/);
  }
  // No word is left for a code the contract no longer has.
  expect(Object.keys(words).sort()).toEqual([...codes].sort());
}

describe('words for the codes of the contract', () => {
  it('every job kind and job outcome', () => {
    expectWordsFor(JOB_KINDS, JOB_KIND_WORDS);
    expectWordsFor(JOB_STATUSES, JOB_STATUS_WORDS);
  });

  it("every bol job report's status and its items' statuses", () => {
    expectWordsFor(BOL_JOB_STATUSES, BOL_JOB_STATUS_WORDS);
    expectWordsFor(BOL_JOB_ITEM_STATUSES, BOL_JOB_ITEM_STATUS_WORDS);
  });

  it("every content status and every bol process status", () => {
    expectWordsFor(BOL_CONTENT_STATUSES, CONTENT_STATUS_WORDS);
    expectWordsFor(BOL_PROCESS_STATUSES, PROCESS_STATUS_WORDS);
  });

  it("every upload report status, entry status and sub-status", () => {
    expectWordsFor(BOL_UPLOAD_REPORT_STATUSES, UPLOAD_REPORT_STATUS_WORDS);
    expectWordsFor(BOL_UPLOAD_ENTRY_STATUSES, UPLOAD_ENTRY_STATUS_WORDS);
    expectWordsFor(BOL_SUB_STATUSES, SUB_STATUS_WORDS);
  });

  it("every status and sub-status that bol's API description lists has a word", () => {
    const api = JSON.parse(readFileSync(new URL('../contract/bol-openapi/retailer.json', import.meta.url), 'utf8')) as {
      components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
    };
    const listed = (schema: string, property: string): string[] => api.components.schemas[schema]?.properties[property]?.enum ?? [];
    const subStatuses = [...listed('UploadReportAttribute', 'subStatus'), ...listed('UploadReportAsset', 'subStatus')];
    expect(subStatuses.length).toBeGreaterThan(40);
    for (const code of subStatuses) expect(SUB_STATUS_WORDS, `no word for bol's sub-status ${code}`).toHaveProperty(code);
    for (const code of [...listed('UploadReportAttribute', 'status'), ...listed('UploadReportAsset', 'status')]) expect(UPLOAD_ENTRY_STATUS_WORDS).toHaveProperty(code);
    for (const code of listed('UploadReportResponse', 'status')) expect(UPLOAD_REPORT_STATUS_WORDS).toHaveProperty(code);
    for (const code of listed('ProcessStatus', 'status')) expect(PROCESS_STATUS_WORDS).toHaveProperty(code);
  });

  it('a sub-status bol sends that has no word yet reads as words made from its code', () => {
    expect(subStatusWords('VALIDATION_FAILED_INVALID_UNIT')).toBe('Wrong unit');
    expect(subStatusWords('TOO_SHORT')).toBe('Too short');
    expect(subStatusWords('REJECTED_BY_BRAND_AUTHORITY')).toBe("Rejected: the brand owner's value wins");
    expect(subStatusWords('SOMETHING__NEW_')).toBe('Something new');
    expect(subStatusWords('')).toBe('');
  });

  it('a content status in words, an unknown one from its code', () => {
    expect(contentStatusWords('NOT_SENT')).toBe('Not sent');
    expect(contentStatusWords('PENDING')).toBe('Sent, bol is processing');
    expect(contentStatusWords('ON_HOLD')).toBe('On hold');
  });
});
