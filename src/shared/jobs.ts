/**
 * Background jobs as the API shows them (GET /api/v1/jobs, docs/jobs.md): feed imports, image
 * re-exports and the bol marketplace jobs in one model.
 */
import type { BolJobKind } from './bol-contract';
import type { RunSchedule } from './schedule';
import type { SaidReason, SentenceArg } from './server-messages';
import type { SkippedSupplier } from './contract';

/** 'offer-sync': offers follow the catalogue (docs/bol.md). */
export type JobKind = 'feed-import' | 'image-reexport' | 'offer-sync' | BolJobKind;
export const JOB_KINDS: readonly JobKind[] = ['feed-import', 'image-reexport', 'order-import', 'content-creation', 'upload-report', 'offer-import', 'retailer-import', 'offer-sync'];

/** 'partial': it ended, but some lines or items were refused. */
export type JobStatus = 'queued' | 'running' | 'success' | 'partial' | 'failed' | 'interrupted' | 'cancelled';
export const JOB_STATUSES: readonly JobStatus[] = ['queued', 'running', 'success', 'partial', 'failed', 'interrupted', 'cancelled'];
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['queued', 'running'];

export type JobTrigger = 'user' | 'schedule' | 'server';

/** A refused feed line (line number) or bol item (product or order) with its reason. */
export interface JobRefusal extends SaidReason {
  line?: number;
  productId?: number;
  orderId?: string;
}

export interface Job {
  id: number;
  kind: JobKind;
  supplierId: number | null;
  supplierName: string | null;
  status: JobStatus;
  trigger: JobTrigger;
  /** The person's user name when trigger is 'user'. */
  startedBy: string;
  createdAt: string;
  /** null while queued. */
  startedAt: string | null;
  finishedAt: string | null;
  /** The schedule slot, for a scheduled run. */
  scheduledFor: string | null;
  cancelRequested: boolean;
  read: number;
  written: number;
  refused: number;
  /** 0–100 when the size is known. */
  percent: number | null;
  message: string;
  /** The message's catalog id and arguments, when the app words it in the person's language (docs/languages.md). */
  messageId?: string;
  messageArgs?: readonly SentenceArg[];
  /** The parsing-history entry of a feed import or image re-export. */
  historyId: number | null;
  /** Only in GET /api/v1/jobs/{id}: the refused lines or items (the first 1,000). */
  refusals?: JobRefusal[];
}

/** Answer of POST /api/v1/feed/parse/{id} (202): the jobs started, and suppliers left out because one of theirs runs. */
export interface JobStartAnswer {
  jobs: Job[];
  skipped: SkippedSupplier[];
}

export function isActiveJob(status: JobStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** The schedule of bol's order import (GET/PUT /api/v1/jobs/schedules/order-import). */
export interface OrderImportScheduleAnswer {
  schedule: RunSchedule | null;
  nextRunAt: string | null;
  lastRunAt: string | null;
}
