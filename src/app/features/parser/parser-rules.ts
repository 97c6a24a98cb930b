/**
 * The Parser screen's rules (docs/feeds.md, "The Parser screen"): the supplier form's state and
 * what it sends, how schedules and runs read, and the form's own checks. Pure.
 */
import { defaultMapping, FEED_FIELDS, guessMapping, type FeedField, type FeedMapping } from '../../../shared/feed-mapping';
import type { Job } from '../../../shared/jobs';
import { DEFAULT_SCHEDULE_TIME_ZONE, nextRunAt, type FeedSchedule } from '../../../shared/schedule';
import type { CredentialsInput, CredentialsView, FeedFormat, FeedSource, SupplierDetails, SupplierInput, SupplierLastRun, TestFeedRequest } from '../../../shared/suppliers';
import { parsePrice } from '../../../shared/rules/price';

export interface SupplierForm {
  supplierId: number | null;
  /** The supplier's version when the form was filled from it (its If-Match); null for a new supplier. */
  version: number | null;
  supplierName: string;
  feedSource: FeedSource;
  supplierUrlFeed: string;
  feedFormat: FeedFormat;
  credentialsKind: 'none' | 'basic' | 'header';
  /** What the server keeps (shown as "set"); new secrets typed below replace it. */
  storedCredentials: CredentialsView;
  username: string;
  password: string;
  headerName: string;
  headerValue: string;
  /** Per field: the feed columns as typed (several, for images, separated by commas). */
  columns: Record<FeedField, string>;
  fixed: Record<FeedField, string>;
  /** True once the person or a guess filled the mapping; false: the server's default (columns named as our fields). */
  mapped: boolean;
  decimalSeparator: FeedMapping['decimalSeparator'];
  imageSeparator: FeedMapping['imageSeparator'];
  recordElement: string;
  markupOn: boolean;
  multiplier: string;
  add: string;
  usShoeSizes: boolean;
  enabled: boolean;
  scheduleKind: 'none' | 'daily' | 'every';
  time: string;
  hours: string;
  timeZone: string;
}

const emptyFields = (): Record<FeedField, string> => Object.fromEntries(FEED_FIELDS.map((field) => [field, ''])) as Record<FeedField, string>;

function columnsText(mapping: FeedMapping): Record<FeedField, string> {
  const texts = emptyFields();
  for (const field of FEED_FIELDS) texts[field] = (mapping.columns[field] ?? []).join(', ');
  return texts;
}

export function newSupplierForm(): SupplierForm {
  return {
    supplierId: null,
    version: null,
    supplierName: '',
    feedSource: 'url',
    supplierUrlFeed: '',
    feedFormat: 'csv',
    credentialsKind: 'none',
    storedCredentials: null,
    username: '',
    password: '',
    headerName: '',
    headerValue: '',
    columns: emptyFields(),
    fixed: emptyFields(),
    mapped: false,
    decimalSeparator: 'auto',
    imageSeparator: '|',
    recordElement: 'product',
    markupOn: false,
    multiplier: '1',
    add: '0',
    usShoeSizes: false,
    enabled: true,
    scheduleKind: 'none',
    time: '03:00',
    hours: '6',
    timeZone: DEFAULT_SCHEDULE_TIME_ZONE,
  };
}

const numberText = (value: number) => String(value).replace('.', ',');

export function formOf(supplier: SupplierDetails): SupplierForm {
  const form = newSupplierForm();
  const mapping = supplier.mapping;
  const schedule = supplier.schedule;
  return {
    ...form,
    supplierId: supplier.supplierId,
    version: supplier.version,
    supplierName: supplier.supplierName,
    feedSource: supplier.feedSource,
    supplierUrlFeed: supplier.supplierUrlFeed,
    feedFormat: supplier.feedFormat,
    credentialsKind: supplier.credentials?.kind ?? 'none',
    storedCredentials: supplier.credentials,
    username: supplier.credentials?.kind === 'basic' ? supplier.credentials.username : '',
    headerName: supplier.credentials?.kind === 'header' ? supplier.credentials.headerName : '',
    columns: columnsText(mapping ?? defaultMapping()),
    fixed: mapping ? { ...emptyFields(), ...mapping.fixed } : emptyFields(),
    mapped: mapping !== null,
    decimalSeparator: mapping?.decimalSeparator ?? 'auto',
    imageSeparator: mapping?.imageSeparator ?? '|',
    recordElement: mapping?.recordElement ?? 'product',
    markupOn: Boolean(mapping?.sellingPrice),
    multiplier: mapping?.sellingPrice ? numberText(mapping.sellingPrice.multiplier) : '1',
    add: mapping?.sellingPrice ? numberText(mapping.sellingPrice.add) : '0',
    usShoeSizes: supplier.usShoeSizes,
    enabled: supplier.enabled,
    scheduleKind: schedule?.kind ?? 'none',
    time: schedule?.kind === 'daily' ? schedule.time : form.time,
    hours: schedule?.kind === 'every' ? String(schedule.hours) : form.hours,
    timeZone: schedule?.timeZone ?? DEFAULT_SCHEDULE_TIME_ZONE,
  };
}

/** The form's mapping with a guess from the feed's columns filled in (Test feed on a form without one). */
export function withGuessedMapping(form: SupplierForm, columns: readonly string[]): SupplierForm {
  return { ...form, columns: columnsText(guessMapping(columns)), mapped: true };
}

function splitColumns(value: string, field: FeedField): string[] {
  const parts = field === 'images' ? value.split(',') : [value];
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** The mapping the form describes, or null while it is the default one. */
export function mappingOf(form: SupplierForm): FeedMapping | null {
  const hasFixed = FEED_FIELDS.some((field) => form.fixed[field].trim() !== '');
  const changedTransforms = form.decimalSeparator !== 'auto' || form.imageSeparator !== '|' || form.recordElement.trim() !== 'product' || form.markupOn;
  if (!form.mapped && !hasFixed && !changedTransforms) return null;
  const columns: FeedMapping['columns'] = {};
  const fixed: FeedMapping['fixed'] = {};
  for (const field of FEED_FIELDS) {
    const names = splitColumns(form.columns[field], field);
    if (names.length > 0) columns[field] = names;
    if (form.fixed[field].trim() !== '') fixed[field] = form.fixed[field].trim();
  }
  return {
    columns,
    fixed,
    decimalSeparator: form.decimalSeparator,
    imageSeparator: form.imageSeparator,
    recordElement: form.recordElement.trim() || 'product',
    sellingPrice: form.markupOn ? { multiplier: parsePrice(form.multiplier) ?? 1, add: parsePrice(form.add) ?? 0 } : null,
  };
}

function credentialsOf(form: SupplierForm): CredentialsInput {
  if (form.credentialsKind === 'none') return { kind: 'none' };
  const stored = form.storedCredentials;
  if (form.credentialsKind === 'basic') {
    if (form.password === '' && stored?.kind === 'basic' && stored.username === form.username.trim()) return { kind: 'keep' };
    return { kind: 'basic', username: form.username.trim(), password: form.password };
  }
  if (form.headerValue === '' && stored?.kind === 'header' && stored.headerName === form.headerName.trim()) return { kind: 'keep' };
  return { kind: 'header', headerName: form.headerName.trim(), value: form.headerValue };
}

export function scheduleOf(form: SupplierForm): FeedSchedule | null {
  if (form.scheduleKind === 'daily') return { kind: 'daily', time: form.time, timeZone: form.timeZone };
  if (form.scheduleKind === 'every') return { kind: 'every', hours: Number(form.hours), timeZone: form.timeZone };
  return null;
}

export function inputOf(form: SupplierForm): SupplierInput {
  return {
    supplierName: form.supplierName.trim(),
    feedSource: form.feedSource,
    supplierUrlFeed: form.feedSource === 'url' ? form.supplierUrlFeed.trim() : form.supplierUrlFeed.trim(),
    feedFormat: form.feedFormat,
    credentials: credentialsOf(form),
    mapping: mappingOf(form),
    usShoeSizes: form.usShoeSizes,
    enabled: form.enabled,
    schedule: scheduleOf(form),
  };
}

export function testRequestOf(form: SupplierForm): TestFeedRequest {
  return {
    supplierId: form.supplierId,
    supplierName: form.supplierName.trim(),
    feedSource: form.feedSource,
    supplierUrlFeed: form.supplierUrlFeed.trim(),
    feedFormat: form.feedFormat,
    credentials: credentialsOf(form),
    mapping: mappingOf(form),
  };
}

/** The origin (scheme, host, port) of a feed address; a path is on `here`, this server. Null while it is no http(s) address. */
export function originOfAddress(address: string, here: string): string | null {
  const trimmed = address.trim();
  if (trimmed === '') return null;
  try {
    const url = trimmed.startsWith('/') && !trimmed.startsWith('//') ? new URL(trimmed, here) : new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The saved login is sent only to the origin it was entered for (docs/security.md, "Feed
 * credentials"): when the form's address is on another one, both origins; null otherwise.
 */
export function loginOriginChange(form: SupplierForm, here: string): { saved: string; entered: string } | null {
  const stored = form.storedCredentials;
  if (!stored || stored.origin === null || form.feedSource !== 'url' || form.credentialsKind !== stored.kind) return null;
  const entered = originOfAddress(form.supplierUrlFeed, here);
  return entered !== null && entered !== stored.origin ? { saved: stored.origin, entered } : null;
}

/** The hint beside the password or token when the address moved to another origin. */
export function loginOriginHint(kind: 'basic' | 'header', change: { saved: string; entered: string }): string {
  const secret = kind === 'basic' ? 'password' : 'token';
  return `The saved ${secret} is only sent to ${change.saved}. Enter it again for the new address ${change.entered}.`;
}

/**
 * What is wrong with the form before it is sent (the server checks again), or null. The feed
 * address itself is judged by the server, which knows what it may fetch. `here` (this server's
 * origin) places a path address.
 */
export function formProblem(form: SupplierForm, pickedFile: File | null, purpose: 'save' | 'test', here = ''): string | null {
  if (purpose === 'save' && form.supplierName.trim() === '') return 'Give the supplier a name.';
  if (form.feedSource === 'url' && form.supplierUrlFeed.trim() === '') return 'Give the feed address (http or https), or choose Upload a file.';
  if (form.feedSource === 'upload' && !pickedFile && (purpose === 'test' || form.supplierId === null)) return 'Choose the feed file to upload.';
  if (form.credentialsKind === 'basic' && form.username.trim() === '') return 'Give the user name of the feed login.';
  const storedBasic = form.storedCredentials?.kind === 'basic' && form.storedCredentials.username === form.username.trim();
  if (form.credentialsKind === 'basic' && form.password === '' && !storedBasic) return 'Give the password of the feed login.';
  if (form.credentialsKind === 'header' && form.headerName.trim() === '') return 'Give the name of the header that carries the token.';
  if (form.credentialsKind === 'header' && form.headerValue === '' && form.storedCredentials?.kind !== 'header') return 'Give the token.';
  const moved = loginOriginChange(form, here);
  if (moved && form.credentialsKind !== 'none' && credentialsOf(form).kind === 'keep') {
    const secret = form.credentialsKind === 'basic' ? 'the password of the feed login' : 'the token';
    return `Enter ${secret} again for the new address ${moved.entered}; the saved one is only sent to ${moved.saved}.`;
  }
  if (form.markupOn && (parsePrice(form.multiplier) === null || parsePrice(form.add) === null)) return 'The selling price multiplier and amount must be numbers, e.g. 1,8 and 2,50.';
  if (form.scheduleKind === 'daily' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(form.time)) return 'Give the time of the daily import as HH:MM, e.g. 03:30.';
  if (form.scheduleKind === 'every') {
    const hours = Number(form.hours);
    if (!Number.isInteger(hours) || hours < 1 || hours > 24) return 'Import every 1 to 24 hours.';
  }
  return null;
}

export function scheduleText(schedule: FeedSchedule | null): string {
  if (!schedule) return 'By hand only';
  const zone = schedule.timeZone === DEFAULT_SCHEDULE_TIME_ZONE ? '' : ` (${schedule.timeZone})`;
  if (schedule.kind === 'daily') return `Daily at ${schedule.time}${zone}`;
  return `Every ${schedule.hours} hour${schedule.hours === 1 ? '' : 's'}${zone}`;
}

export const RUN_STATUS_TEXT: Record<SupplierLastRun['status'], string> = {
  running: 'Running',
  success: 'Imported',
  partial: 'Imported, some rows refused',
  failed: 'Failed',
};

export function runStatusColor(status: SupplierLastRun['status']): 'green' | 'amber' | 'red' | 'blue' {
  return status === 'success' ? 'green' : status === 'partial' ? 'amber' : status === 'failed' ? 'red' : 'blue';
}

/** "900 new, 0 updated, 1 refused" for a finished run. */
export function runCountsText(run: SupplierLastRun, count: (n: number) => string): string {
  return `${count(run.created)} new, ${count(run.updated)} updated, ${count(run.unchanged)} unchanged, ${count(run.refused)} refused`;
}

/** Common IANA zones offered in the schedule; the saved one is added when it is another. */
export const TIME_ZONES = ['Europe/Amsterdam', 'Europe/Brussels', 'Europe/Berlin', 'Europe/London', 'UTC'] as const;

/** Saving needs the server (it checks the feed address and keeps credentials): offline it is refused with this. */
export const OFFLINE_SAVE_REFUSED =
  'You are offline. Saving a supplier needs the server, which checks the feed address; your changes stay in this form until the connection is back.';
export const OFFLINE_ACTION_REFUSED = 'You are offline. Test feed and Run need the server; try again when the connection is back.';

/** When the schedule runs this supplier next (the server's rule, src/shared/schedule.ts), or null: by hand only or disabled. */
export function nextRunOf(supplier: Pick<SupplierDetails, 'schedule' | 'enabled' | 'lastRun'>, now: Date): Date | null {
  if (!supplier.schedule || !supplier.enabled) return null;
  const last = supplier.lastRun ? new Date(supplier.lastRun.dateTimeOperation) : null;
  const next = nextRunAt(supplier.schedule, last, now);
  // Due already: the scheduler starts it within its next round.
  return next.getTime() < now.getTime() ? now : next;
}

/** The progress line of a running import: "1,250 read, 1,200 written, 2 refused". */
export function jobProgressText(job: Pick<Job, 'read' | 'written' | 'refused' | 'status'>, count: (n: number) => string): string {
  if (job.status === 'queued') return 'Waiting to start';
  return `${count(job.read)} read, ${count(job.written)} written, ${count(job.refused)} refused`;
}

/** The parts of the form a person recognises, each with the form fields it is made of. */
const FORM_PARTS: { label: string; fields: (keyof SupplierForm)[] }[] = [
  { label: 'Name', fields: ['supplierName'] },
  { label: 'Feed source', fields: ['feedSource', 'supplierUrlFeed'] },
  { label: 'Format', fields: ['feedFormat'] },
  { label: 'Login for the feed', fields: ['credentialsKind', 'storedCredentials', 'username', 'password', 'headerName', 'headerValue'] },
  { label: 'Column mapping', fields: ['columns', 'fixed', 'mapped', 'decimalSeparator', 'imageSeparator', 'recordElement'] },
  { label: 'Selling price', fields: ['markupOn', 'multiplier', 'add'] },
  { label: 'US shoe sizes', fields: ['usShoeSizes'] },
  { label: 'Enabled', fields: ['enabled'] },
  { label: 'Schedule', fields: ['scheduleKind', 'time', 'hours', 'timeZone'] },
];

/**
 * What someone else changed between the form as it was filled from the server (`base`, before the
 * person's own edits) and the supplier the server holds now (`theirs`), as the form's part names,
 * for the stale-save notice (docs/feeds.md). The version also goes up for a new feed file, which the
 * form does not hold: a newer version without another difference is a new "Feed file".
 */
export function changedMeanwhile(base: SupplierForm, theirs: SupplierDetails): string[] {
  const after = formOf(theirs);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const parts = FORM_PARTS.filter((part) => part.fields.some((field) => !same(base[field], after[field]))).map((part) => part.label);
  return parts.length > 0 ? parts : ['Feed file'];
}

/**
 * "Save my changes on top": the supplier as the other person saved it, with the parts this person
 * changed since the form was filled (`base`) taken from their form. A part both changed is theirs
 * no more: the person chose to save theirs over it, having been told which parts changed.
 */
export function mergeMine(base: SupplierForm, mine: SupplierForm, theirs: SupplierDetails): SupplierForm {
  const merged: SupplierForm = formOf(theirs);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const copy = <K extends keyof SupplierForm>(field: K) => {
    merged[field] = mine[field];
  };
  for (const part of FORM_PARTS) {
    if (part.fields.some((field) => !same(base[field], mine[field]))) part.fields.forEach(copy);
  }
  return merged;
}
