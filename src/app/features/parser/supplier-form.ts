/**
 * The supplier form of the Parser screen (docs/feeds.md, "The Parser screen"): its state, how it is
 * filled from a supplier, and what it sends (the supplier, a Test feed request). Pure.
 */
import { DEFAULT_ALWAYS_WINS, type FeedField as WrittenField } from '../../../shared/feed-fields';
import { defaultMapping, FEED_FIELDS, guessMapping, type FeedField, type FeedMapping } from '../../../shared/feed-mapping';
import { DEFAULT_SCHEDULE_TIME_ZONE, type FeedSchedule } from '../../../shared/schedule';
import type { CredentialsInput, CredentialsView, FeedFormat, FeedSource, SupplierDetails, SupplierInput, TestFeedRequest } from '../../../shared/suppliers';
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
  /** Fields the feed always writes, even over a person's change (docs/feeds.md, "Upsert key and what a re-import changes"). */
  alwaysWins: WrittenField[];
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
    recordElement: '',
    markupOn: false,
    multiplier: '1',
    add: '0',
    usShoeSizes: false,
    alwaysWins: [...DEFAULT_ALWAYS_WINS],
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
    recordElement: mapping?.recordElement ?? '',
    markupOn: Boolean(mapping?.sellingPrice),
    multiplier: mapping?.sellingPrice ? numberText(mapping.sellingPrice.multiplier) : '1',
    add: mapping?.sellingPrice ? numberText(mapping.sellingPrice.add) : '0',
    usShoeSizes: supplier.usShoeSizes,
    alwaysWins: supplier.alwaysWins ?? [...DEFAULT_ALWAYS_WINS],
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
  const changedTransforms = form.decimalSeparator !== 'auto' || form.imageSeparator !== '|' || form.recordElement.trim() !== '' || form.markupOn;
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
    recordElement: form.recordElement.trim(),
    sellingPrice: form.markupOn ? { multiplier: parsePrice(form.multiplier) ?? 1, add: parsePrice(form.add) ?? 0 } : null,
  };
}

/** The login the form sends: none, the new one typed, or "keep" the one the server holds. */
export function credentialsOf(form: SupplierForm): CredentialsInput {
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
    alwaysWins: form.alwaysWins,
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

/** Common IANA zones offered in the schedule; the saved one is added when it is another. */
export const TIME_ZONES = ['Europe/Amsterdam', 'Europe/Brussels', 'Europe/Berlin', 'Europe/London', 'UTC'] as const;
