/**
 * Words, not codes (docs/jobs.md, "Words, not codes"): the one place that says in English what
 * every status code of the contract means to a person: jobs (kind and outcome), bol's process
 * statuses, a product's content upload, bol's upload report and its sub-statuses, and a bol job's
 * items. Screens and exported files show these words, never the codes. Their Dutch is in
 * src/app/i18n/locales/nl.po under 'statusWords.' (STATUS_WORDS below; docs/languages.md): a screen
 * reads them through useMessages(STATUS_WORDS, 'statusWords'). tests/unit/status-words.test.ts
 * fails when a code of the contract has no word.
 */
import type {
  BOL_JOB_ITEM_STATUSES,
  BOL_JOB_STATUSES,
  BOL_UPLOAD_ENTRY_STATUSES,
  BOL_UPLOAD_REPORT_STATUSES,
  BolContentStatus,
  BolProcessStatus,
  BolSubStatus,
} from './bol-contract';
import type { JobKind, JobStatus } from './jobs';

type Words<Code extends string> = Readonly<Record<Code, string>>;

export const JOB_KIND_WORDS: Words<JobKind> = {
  'feed-import': 'Feed import',
  'image-reexport': 'Image re-export',
  'order-import': 'Order import',
  'content-creation': 'Content to bol',
  'upload-report': 'Upload reports',
  'offer-import': 'Offer import',
  'retailer-import': 'Update from bol',
  'offer-sync': 'Offers to bol',
};

export const JOB_STATUS_WORDS: Words<JobStatus> = {
  queued: 'Queued',
  running: 'Running',
  success: 'Succeeded',
  partial: 'Partly succeeded',
  failed: 'Failed',
  interrupted: 'Interrupted',
  cancelled: 'Cancelled',
};

/** A bol call's job report as a whole. */
export const BOL_JOB_STATUS_WORDS: Words<(typeof BOL_JOB_STATUSES)[number]> = {
  running: 'Running',
  success: 'Succeeded',
  partial: 'Partly succeeded',
  failed: 'Failed',
};

/** One product or order of a bol job. */
export const BOL_JOB_ITEM_STATUS_WORDS: Words<(typeof BOL_JOB_ITEM_STATUSES)[number]> = {
  success: 'Done',
  failed: 'Failed',
  skipped: 'Skipped',
  pending: 'Waiting for bol',
};

/** Where a product's content upload to bol stands. */
export const CONTENT_STATUS_WORDS: Words<BolContentStatus> = {
  NOT_SENT: 'Not sent',
  PENDING: 'Sent, bol is processing',
  SUCCESS: 'Accepted by bol',
  FAILURE: 'Refused by bol',
  TIMEOUT: 'bol had not finished',
  PURGED: 'Forgotten by bol',
};

/** bol's answer on a request it was sent (its process status). */
export const PROCESS_STATUS_WORDS: Words<BolProcessStatus> = {
  PENDING: 'bol is processing it',
  SUCCESS: 'Done by bol',
  FAILURE: 'Refused by bol',
  TIMEOUT: 'bol had not finished',
  PURGED: 'Forgotten by bol',
};

export const UPLOAD_REPORT_STATUS_WORDS: Words<(typeof BOL_UPLOAD_REPORT_STATUSES)[number]> = {
  IN_PROGRESS: 'bol is still checking',
  COMPLETED: 'Checked by bol',
};

/** An attribute or image in bol's upload report. */
export const UPLOAD_ENTRY_STATUS_WORDS: Words<(typeof BOL_UPLOAD_ENTRY_STATUSES)[number]> = {
  IN_PROGRESS: 'Being checked',
  DECLINED: 'Declined',
  PUBLISHED: 'Published',
};

/** The reason behind an upload report entry's status. */
export const SUB_STATUS_WORDS: Words<BolSubStatus> = {
  BLOCKED_BY_RATE_LIMITER: 'Too many changes at once; bol will take it later',
  CREATED: 'Created on bol',
  DEPRECATED: 'bol no longer uses this attribute',
  IDENTICAL_VALUE_AS_BEFORE: 'Same value as before',
  MATCH_TO_PRODUCT_FAILED: 'bol could not match it to a product',
  NOT_CHANGED: 'Not changed',
  NOT_RECENT: 'An older value than the one bol has',
  PROCESSING_STARTED: 'bol started checking it',
  RECEIVED: 'Received by bol',
  REJECTED: 'Rejected by bol',
  REJECTED_BY_BRAND_AUTHORITY: "Rejected: the brand owner's value wins",
  REJECTED_BY_LOGISTIC: "Rejected: bol's warehouse value wins",
  REJECTED_NO_DATA: 'Rejected: no value sent',
  REJECTED_UNPROCESSABLE: 'Rejected: bol could not process it',
  SELECTED: 'Chosen by bol',
  SELECTED_BY_BRAND_AUTHORITY: "Chosen: the brand owner's value",
  SELECTED_BY_LOGISTIC: "Chosen: bol's warehouse value",
  SELECTION_DELETED: "bol's choice was removed",
  SELECTION_MERGED: 'Merged with another value',
  TIMED_OUT: 'bol took too long; send it again',
  UPDATED: 'Updated on bol',
  UPLOADED: 'Uploaded to bol',
  UNKNOWN: 'bol gave no reason',
  VALID_EAN: 'The EAN is correct',
  VALIDATED: 'Checked and correct',
  VALIDATION_FAILED: 'Not a correct value',
  VALIDATION_FAILED_DISABLED_GPC_CODE: 'This product category can no longer be used',
  VALIDATION_FAILED_DOES_NOT_EXIST: 'bol does not know this attribute',
  VALIDATION_FAILED_INVALID_DATE: 'Not a correct date',
  VALIDATION_FAILED_INVALID_EAN: 'Not a correct EAN',
  VALIDATION_FAILED_INVALID_FRACTION: 'Not a correct fraction',
  VALIDATION_FAILED_INVALID_GPC_CODE: 'Not a correct product category',
  VALIDATION_FAILED_INVALID_INTEGER: 'Not a whole number',
  VALIDATION_FAILED_INVALID_ISODATE: 'Not a correct date',
  VALIDATION_FAILED_INVALID_ISODATETIME: 'Not a correct date and time',
  VALIDATION_FAILED_INVALID_LOV_VALUE: 'Not one of the values bol allows',
  VALIDATION_FAILED_INVALID_MULTIPLE_VALUES: 'Only one value is allowed',
  VALIDATION_FAILED_INVALID_NO_VALUES: 'A value is needed',
  VALIDATION_FAILED_INVALID_NUMBER: 'Not a correct number',
  VALIDATION_FAILED_INVALID_NUMERIC_TEXT: 'Only digits are allowed',
  VALIDATION_FAILED_INVALID_TEXT: 'Not a correct text',
  VALIDATION_FAILED_INVALID_UNIT: 'Wrong unit',
  VALIDATION_FAILED_INVALID_URL: 'Not a correct web address',
  VALIDATION_FAILED_INVALID_VALUES: 'Not correct values',
  VALIDATION_FAILED_NOT_ALLOWED: 'Not allowed for this product',
  VALIDATION_FAILED_UNKNOWN_BASETYPE: 'bol does not know the kind of value',
  WAITING_FOR_GLOBAL_ID: 'Waiting for bol to know the EAN',
  DELETED: 'Deleted on bol',
  DOWNLOAD_FAILED_404: 'bol could not download the image (not found)',
  DOWNLOAD_FAILED_UNAUTHORIZED: 'bol was not allowed to download the image',
  IMAGE_FLAGGED_AS_DUPLICATE: 'The same image was sent twice',
  IMAGE_RATE_LIMITED: 'Too many images at once; bol will take it later',
  IMPORT_FAILED: 'bol could not import it',
  LABEL_UPDATED: 'Image label updated',
  NOT_VALID_FOR_IMPORT: 'bol cannot use this image (too large or broken)',
  PUBLISHED: 'Published',
  SCORED_OTHER_IMAGE_WON: 'bol chose another image',
  STORED: 'Stored by bol',
  SUPPLIED_FLAGGED_AS_BLACKLISTED: 'bol refuses this image',
  UNPUBLISHED: 'Taken off bol',
  UNSUPPORTED_MIMETYPE: 'Not an image bol can use',
  UPLOAD_CANCELLED: 'Upload cancelled',
  UPLOAD_DEADLINE_REACHED: 'bol stopped waiting for the upload',
  UPLOAD_FAILED: 'Upload failed',
  UPLOAD_REJECTED: 'Upload rejected by bol',
};

/** Every table above under one name, as the catalogs hold them (prefix 'statusWords'). */
export const STATUS_WORDS = {
  jobKind: JOB_KIND_WORDS,
  jobStatus: JOB_STATUS_WORDS,
  bolJob: BOL_JOB_STATUS_WORDS,
  bolJobItem: BOL_JOB_ITEM_STATUS_WORDS,
  content: CONTENT_STATUS_WORDS,
  process: PROCESS_STATUS_WORDS,
  uploadReport: UPLOAD_REPORT_STATUS_WORDS,
  uploadEntry: UPLOAD_ENTRY_STATUS_WORDS,
  subStatus: SUB_STATUS_WORDS,
};
export type StatusWords = typeof STATUS_WORDS;

/**
 * A sub-status in words (`words`: the table in the language shown); one bol sends that this module
 * does not know yet is written as words from its code ('TOO_SHORT' -> 'Too short'), never as the code.
 */
export function subStatusWords(code: string, words: Readonly<Record<string, string>> = SUB_STATUS_WORDS): string {
  if (Object.hasOwn(words, code)) return words[code]!;
  const fromCode = code.toLowerCase().replace(/_+/g, ' ').trim();
  return fromCode === '' ? '' : fromCode[0]?.toUpperCase() + fromCode.slice(1);
}

/** A content status in words; an unknown code (an older row) as its words from the code. */
export function contentStatusWords(code: string, words: Pick<StatusWords, 'content' | 'subStatus'> = STATUS_WORDS): string {
  return Object.hasOwn(words.content, code) ? words.content[code as BolContentStatus] : subStatusWords(code, words.subStatus);
}
