import { describe, expect, it } from 'vitest';
import {
  BULK_ACTIONS,
  bulkAction,
  bulkActionState,
  buttonText,
  distinctReasons,
  failureText,
  fileNameFromContentDisposition,
  NO_SELECTION_REASON,
  OFFLINE_REASON,
  outcomeStatusWords,
  reportCounts,
  reportText,
  startedText,
} from '../../src/app/features/products/bulk-actions-rules';

const create = bulkAction('create-content');
const uploadReport = bulkAction('upload-report');
const offers = bulkAction('reimport-offers');
const exportReport = bulkAction('export-content-report');

describe('bulk actions: when they may run', () => {
  it('need the selection only for content creation and the upload report', () => {
    expect(BULK_ACTIONS.filter((action) => action.needsSelection).map((action) => action.id)).toEqual(['create-content', 'upload-report']);
  });

  it('are off without a selection when they act on it, with the reason', () => {
    expect(bulkActionState({ action: create, online: true, selectedCount: 0, running: false })).toEqual({ enabled: false, reason: NO_SELECTION_REASON });
    expect(bulkActionState({ action: create, online: true, selectedCount: 2, running: false })).toEqual({ enabled: true, reason: null });
    expect(bulkActionState({ action: offers, online: true, selectedCount: 0, running: false })).toEqual({ enabled: true, reason: null });
  });

  it('are all off offline, saying they need a connection', () => {
    for (const action of BULK_ACTIONS) {
      expect(bulkActionState({ action, online: false, selectedCount: 5, running: false })).toEqual({ enabled: false, reason: OFFLINE_REASON });
    }
  });

  it('refuse a second run of the same action while it runs, without a reason (the button says it runs)', () => {
    expect(bulkActionState({ action: offers, online: true, selectedCount: 0, running: true })).toEqual({ enabled: false, reason: null });
  });

  it('show each reason once', () => {
    const states = BULK_ACTIONS.map((action) => bulkActionState({ action, online: false, selectedCount: 0, running: false }));
    expect(distinctReasons(states)).toEqual([OFFLINE_REASON]);
  });

  it('carry the count of the selection on the buttons that send it', () => {
    expect(buttonText(create, 3, false)).toBe('Create content on bol (3)');
    expect(buttonText(create, 0, false)).toBe('Create content on bol');
    expect(buttonText(offers, 3, false)).toBe('Re-import offers');
    expect(buttonText(create, 3, true)).toBe('Creating...');
    expect(startedText(uploadReport, 1)).toBe('Fetching the upload report of 1 product…');
    expect(startedText(create, 1200)).toBe('Creating content on bol for 1,200 products…');
  });
});

describe('bulk actions: outcome', () => {
  it("reads a job report's message and counts, whatever their names", () => {
    expect(reportText(create, { message: 'Content sent to bol.', created: 3, failed: 1, jobId: 17, processStatusId: 99 })).toEqual({
      text: 'Create content on bol: Content sent to bol (created 3, failed 1).',
      ok: true,
    });
    expect(reportText(offers, { status: 'SUCCESS', counts: { offersImported: 1200 }, errors: [] })).toEqual({
      text: 'Re-import offers: Done by bol (offers imported 1,200, errors 0).',
      ok: true,
    });
    // The values of the report's sentence are not a list it counts.
    expect(reportText(create, { message: 'Content sent to bol.', messageId: 'server.bolContentSent', messageArgs: [3, 'x'], created: 3 })).toEqual({
      text: 'Create content on bol: Content sent to bol (created 3).',
      ok: true,
    });
    expect(reportText(offers, null)).toEqual({ text: 'Re-import offers: done.', ok: true });
    expect(reportText(offers, 'Imported 4 offers')).toEqual({ text: 'Re-import offers: Imported 4 offers', ok: true });
  });

  it("words a report's status, never shows its code: bol's process status, a bol job's outcome, else words from the code", () => {
    expect(outcomeStatusWords('SUCCESS')).toBe('Done by bol');
    expect(outcomeStatusWords('partial')).toBe('Partly succeeded');
    expect(outcomeStatusWords('NOT_YET_KNOWN')).toBe('Not yet known');
    // A name every object inherits is a code like any other, not a table entry.
    expect(outcomeStatusWords('toString')).toBe('Tostring');
    expect(reportText(offers, { status: 'FAILURE' })).toEqual({ text: 'Re-import offers: Refused by bol.', ok: false });
  });

  it('marks a report whose status is a failure as failed', () => {
    expect(reportText(create, { status: 'FAILURE', message: 'bol refused the upload' }).ok).toBe(false);
  });

  it('counts numbers and lists but not identifiers, times or versions', () => {
    expect(reportCounts({ id: 1, productId: 2, startedAt: 3, durationMs: 4, version: 5, updated: 6, products: [1, 2] })).toEqual([
      'updated 6',
      'products 2',
    ]);
  });

  it('says a call the server does not have yet is not available, for 404 and 501', () => {
    expect(failureText(create, { status: 404, message: 'No such call: POST /api/v1/bol/retailer/create/content/' })).toEqual({
      text: 'Create content on bol is not available on this server yet.',
      ok: false,
    });
    expect(failureText(offers, { status: 501, message: 'Not implemented' }).text).toBe('Re-import offers is not available on this server yet.');
    expect(failureText(offers, { status: 404, message: 'Not found' }).text).toBe('Re-import offers is not available on this server yet.');
  });

  it("shows the server's own sentence for a 404 about something else", () => {
    expect(failureText(create, { status: 404, message: 'Product 77 does not exist.' }).text).toBe('Create content on bol: Product 77 does not exist.');
  });

  it("says an action already runs with the server's message on 409", () => {
    expect(failureText(offers, { status: 409, message: 'An offer import is already running.' }).text).toBe('Re-import offers: An offer import is already running.');
    expect(failureText(offers, { status: 409, message: '' }).text).toBe('Re-import offers is already running.');
  });

  it("shows other failures with the server's message, and a lost answer as possibly still running", () => {
    expect(failureText(create, { status: 400, message: 'Choose at most 1000 products.' }).text).toBe('Create content on bol: Choose at most 1000 products.');
    expect(failureText(create, { status: 502, message: '' }).text).toBe('Create content on bol: the server answered 502');
    expect(failureText(offers, { status: 0, message: 'No connection to the server' }).text).toBe(
      'Re-import offers: no answer from the server (No connection to the server). It may still be running.',
    );
  });
});

describe('the export download', () => {
  it("takes the server's file name from Content-Disposition", () => {
    expect(fileNameFromContentDisposition('attachment; filename="product-content-2026-11-23.xlsx"')).toBe('product-content-2026-11-23.xlsx');
    expect(fileNameFromContentDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
  });

  it('prefers the encoded filename* over filename', () => {
    expect(fileNameFromContentDisposition("attachment; filename=\"fallback.xlsx\"; filename*=UTF-8''inhoud%20r%C3%A9sum%C3%A9.xlsx")).toBe('inhoud résumé.xlsx');
  });

  it('drops folders from the name and falls back without one', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/report.xlsx"')).toBe('report.xlsx');
    expect(fileNameFromContentDisposition('attachment')).toBe('product-content-report.xlsx');
    expect(fileNameFromContentDisposition(null)).toBe('product-content-report.xlsx');
  });

  it('names the export action', () => {
    expect(exportReport.label).toBe('Export content report');
  });
});
