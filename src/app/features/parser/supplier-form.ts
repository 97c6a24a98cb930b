/**
 * The supplier form of the Parser screen (docs/feeds.md, "The Parser screen"): its state, how it is
 * filled from a supplier, and what it sends (the supplier, a Test feed request). Pure.
 */
import { DEFAULT_ALWAYS_WINS, type FeedField as WrittenField } from '../../../shared/feed-fields';
import { DEFAULT_TRANSFORMS, defaultMapping, FEED_FIELDS, type FeedField, type FeedMapping } from '../../../shared/feed-mapping';
import { DEFAULT_SCHEDULE_TIME_ZONE, type FeedSchedule } from '../../../shared/schedule';
import type { CredentialsInput, CredentialsView, FeedFormat, FeedSource, SupplierDetails, SupplierInput, TestFeedRequest } from '../../../shared/suppliers';
import { parsePrice } from '../../../shared/rules/price';
import { columnsText, rowRulesOf, rowRulesText, splitColumns, type SkipRowForm } from './supplier-form-columns';

export { splitColumns, type SkipRowForm } from './supplier-form-columns';

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
  /** True while the mapping is Test feed's guess and the person has not edited it: the next Test feed guesses again. */
  guessed: boolean;
  decimalSeparator: FeedMapping['decimalSeparator'];
  foreignCurrency: FeedMapping['foreignCurrency'];
  weightUnit: FeedMapping['weightUnit'];
  dimensionUnit: FeedMapping['dimensionUnit'];
  imageSeparator: FeedMapping['imageSeparator'];
  /** Relative image addresses are appended to it (docs/feeds.md, "Images"). */
  imageBaseUrl: string;
  categoryPaths: FeedMapping['categoryPaths'];
  recordElement: string;
  /** Rows of a product and its variants (docs/feeds.md, "Variants and parent rows"): the group column ('' = none) and its columns as typed (several separated by commas). */
  groupColumn: string;
  groupKeyColumns: string;
  fillDown: string;
  gather: string;
  /** The row filter's rules as typed (values separated by commas). */
  skipRows: SkipRowForm[];
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
    guessed: false,
    decimalSeparator: DEFAULT_TRANSFORMS.decimalSeparator,
    foreignCurrency: DEFAULT_TRANSFORMS.foreignCurrency,
    weightUnit: DEFAULT_TRANSFORMS.weightUnit,
    dimensionUnit: DEFAULT_TRANSFORMS.dimensionUnit,
    imageSeparator: '|',
    imageBaseUrl: '',
    categoryPaths: DEFAULT_TRANSFORMS.categoryPaths,
    recordElement: '',
    groupColumn: '',
    groupKeyColumns: '',
    fillDown: '',
    gather: '',
    skipRows: [],
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
    foreignCurrency: mapping?.foreignCurrency ?? DEFAULT_TRANSFORMS.foreignCurrency,
    weightUnit: mapping?.weightUnit ?? DEFAULT_TRANSFORMS.weightUnit,
    dimensionUnit: mapping?.dimensionUnit ?? DEFAULT_TRANSFORMS.dimensionUnit,
    imageSeparator: mapping?.imageSeparator ?? '|',
    imageBaseUrl: mapping?.imageBaseUrl ?? '',
    categoryPaths: mapping?.categoryPaths ?? DEFAULT_TRANSFORMS.categoryPaths,
    recordElement: mapping?.recordElement ?? '',
    ...rowRulesText(mapping),
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

/** The form's mapping replaced by Test feed's guess (columns, fixed values cleared, decimal mark, units, image separator); the person's other settings stay. */
export function withGuessedMapping(form: SupplierForm, guess: FeedMapping): SupplierForm {
  return {
    ...form,
    columns: columnsText(guess),
    fixed: emptyFields(),
    mapped: true,
    guessed: true,
    decimalSeparator: guess.decimalSeparator,
    weightUnit: guess.weightUnit,
    dimensionUnit: guess.dimensionUnit,
    imageSeparator: guess.imageSeparator,
    ...rowRulesText(guess),
    categoryPaths: guess.categoryPaths,
  };
}

/**
 * Whether Test feed's answer should replace the form's mapping with its guess (docs/feeds.md,
 * "The guess and its platforms"): while the mapping is a guess nobody edited, whenever the guess
 * differs; on a form without a mapping, when the feed's columns are not named as our fields.
 */
export function takesGuess(form: SupplierForm, answer: { columns: readonly string[]; mappingProblem: string | null; guessedMapping: FeedMapping }): boolean {
  if (answer.columns.length === 0) return false;
  if (form.guessed) {
    const current = mappingOf(form);
    const next = mappingOf(withGuessedMapping(form, answer.guessedMapping));
    return JSON.stringify(current) !== JSON.stringify(next);
  }
  return !form.mapped && mappingOf(form) === null && answer.mappingProblem !== null;
}

/** The mapping the form describes, or null while it is the default one. */
export function mappingOf(form: SupplierForm): FeedMapping | null {
  const hasFixed = FEED_FIELDS.some((field) => form.fixed[field].trim() !== '');
  const changedTransforms =
    form.decimalSeparator !== 'auto' ||
    form.foreignCurrency !== DEFAULT_TRANSFORMS.foreignCurrency ||
    form.weightUnit !== DEFAULT_TRANSFORMS.weightUnit ||
    form.dimensionUnit !== DEFAULT_TRANSFORMS.dimensionUnit ||
    form.imageSeparator !== '|' ||
    form.imageBaseUrl.trim() !== '' ||
    form.categoryPaths !== DEFAULT_TRANSFORMS.categoryPaths ||
    form.recordElement.trim() !== '' ||
    form.groupColumn.trim() !== '' ||
    form.skipRows.some((rule) => rule.column.trim() !== '') ||
    form.markupOn;
  if (!form.mapped && !hasFixed && !changedTransforms) return null;
  const columns: FeedMapping['columns'] = {};
  const fixed: FeedMapping['fixed'] = {};
  for (const field of FEED_FIELDS) {
    const names = splitColumns(form.columns[field]);
    if (names.length > 0) columns[field] = names;
    if (form.fixed[field].trim() !== '') fixed[field] = form.fixed[field].trim();
  }
  return {
    columns,
    fixed,
    decimalSeparator: form.decimalSeparator,
    foreignCurrency: form.foreignCurrency,
    weightUnit: form.weightUnit,
    dimensionUnit: form.dimensionUnit,
    imageSeparator: form.imageSeparator,
    imageBaseUrl: form.imageBaseUrl.trim(),
    categoryPaths: form.categoryPaths,
    recordElement: form.recordElement.trim(),
    ...rowRulesOf(form),
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
