/**
 * The supplier form of the Parser screen: source, credentials, format, column mapping with fixed
 * values, transforms, schedule, enabled; Test feed (preview of the first rows, bad rows marked),
 * Save, Run, Delete. Every refusal the server gives is shown as its sentence.
 */
import { Badge, Button, Callout, Card, Checkbox, Flex, Heading, Progress, RadioGroup, Select, Table, Text, TextArea, TextField, VisuallyHidden } from '@radix-ui/themes';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isActiveJob, type Job } from '../../../shared/jobs';
import { FEED_FIELD_LABELS, FEED_FIELDS, type FeedField } from '../../../shared/feed-mapping';
import type { FeedFormat, SupplierDetails, SupplierStaleAnswer, TestFeedReport } from '../../../shared/suppliers';
import { ApiFailure } from '../../api/client';
import { addSupplier, cancelJob, deleteSupplier, getJob, saveSupplier, startSupplierImport, testFeed, uploadFeedFile } from '../../api/suppliers';
import { countText, priceText } from '../../lib/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  changedMeanwhile,
  formProblem,
  loginOriginChange,
  loginOriginHint,
  inputOf,
  mergeMine,
  mappingOf,
  OFFLINE_ACTION_REFUSED,
  OFFLINE_SAVE_REFUSED,
  testRequestOf,
  TIME_ZONES,
  withGuessedMapping,
  formOf,
  jobProgressText,
  type SupplierForm,
} from './parser-rules';

const JOB_POLL_MS = 1_000;

const failureText = (failure: unknown) => (failure instanceof ApiFailure ? failure.message : String(failure));

/** The server's answer to a save over someone else's newer one (412), or null for any other failure. */
function staleAnswerOf(failure: unknown): SupplierStaleAnswer | null {
  if (!(failure instanceof ApiFailure) || failure.status !== 412) return null;
  const data = failure.body as Partial<SupplierStaleAnswer> | undefined;
  return data?.supplier && typeof data.message === 'string' ? { message: data.message, supplier: data.supplier } : null;
}

/** A save refused because someone else saved first: their supplier and what they changed. */
interface StaleSave {
  message: string;
  theirs: SupplierDetails;
  parts: string[];
}

interface Props {
  initial: SupplierForm;
  online: boolean;
  onClose: (message: string | null) => void;
}

function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label className="parser-field">
      <Text size="2" weight="medium">
        {label}
      </Text>
      {children}
      {hint && (
        <Text size="1" color="gray">
          {hint}
        </Text>
      )}
    </label>
  );
}

export function SupplierEditor({ initial, online, onClose }: Props) {
  const [form, setForm] = useState<SupplierForm>(initial);
  // The form as last filled from the server, before the person's edits: what a stale save compares with.
  const [baseForm, setBaseForm] = useState<SupplierForm>(initial);
  const [stale, setStale] = useState<StaleSave | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TestFeedReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | 'run' | 'delete' | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const columnsListId = useId();
  const set = <K extends keyof SupplierForm>(key: K, value: SupplierForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const isNew = form.supplierId === null;
  // This server's origin places a path address; the saved login goes only to its own origin.
  const here = window.location.origin;
  const loginMoved = loginOriginChange(form, here);

  async function runTest() {
    setError(null);
    setNotice(null);
    if (!online) return setError(OFFLINE_ACTION_REFUSED);
    const problem = formProblem(form, file, 'test', here);
    if (problem) return setError(problem);
    setBusy('test');
    try {
      let current = form;
      let answer = await testFeed(testRequestOf(current), current.feedSource === 'upload' ? file : null);
      // No mapping yet and the feed's names are not ours: guess one from its columns and test again with it.
      if (!current.mapped && mappingOf(current) === null && answer.mappingProblem !== null && answer.columns.length > 0) {
        current = withGuessedMapping(current, answer.columns);
        setForm(current);
        answer = await testFeed(testRequestOf(current), current.feedSource === 'upload' ? file : null);
      }
      setReport(answer);
    } catch (failure) {
      setReport(null);
      setError(failureText(failure));
    } finally {
      setBusy(null);
    }
  }

  async function save(event?: FormEvent, toSave: SupplierForm = form) {
    event?.preventDefault();
    setError(null);
    setNotice(null);
    setStale(null);
    if (!online) return setError(OFFLINE_SAVE_REFUSED);
    const problem = formProblem(toSave, file, 'save', here);
    if (problem) return setError(problem);
    setBusy('save');
    try {
      let saved: SupplierDetails =
        toSave.supplierId === null ? await addSupplier(inputOf(toSave)) : await saveSupplier(toSave.supplierId, inputOf(toSave), toSave.version);
      if (toSave.feedSource === 'upload' && file) saved = await uploadFeedFile(saved.supplierId, file);
      setForm(formOf(saved));
      setBaseForm(formOf(saved));
      setFile(null);
      setNotice(`Saved ${saved.supplierName}.`);
    } catch (failure) {
      const answer = staleAnswerOf(failure);
      if (answer) setStale({ message: answer.message, theirs: answer.supplier, parts: changedMeanwhile(baseForm, answer.supplier) });
      else setError(failureText(failure));
    } finally {
      setBusy(null);
    }
  }

  /** Stale save: drop this form's edits and show the supplier as the other person saved it. */
  function takeTheirs(theirs: SupplierDetails) {
    setForm(formOf(theirs));
    setBaseForm(formOf(theirs));
    setStale(null);
    setNotice(`Showing ${theirs.supplierName} as it was last saved.`);
  }

  /** Stale save: their supplier with this person's changed parts on top, saved against their version. */
  function saveMineOnTop(theirs: SupplierDetails) {
    const merged = mergeMine(baseForm, form, theirs);
    setForm(merged);
    setBaseForm(formOf(theirs));
    void save(undefined, merged);
  }

  async function run() {
    setError(null);
    setNotice(null);
    if (!online) return setError(OFFLINE_ACTION_REFUSED);
    if (form.supplierId === null) return setError('Save the supplier before running its import.');
    setBusy('run');
    try {
      const started = await startSupplierImport(form.supplierId);
      const first = started.jobs[0];
      if (!first) {
        setError(started.skipped[0]?.message ?? 'The import could not start.');
        return;
      }
      let job: Job = first;
      setJob(job);
      // Polled once a second until it ends (docs/jobs.md); the bar shows rows read and the percent when known.
      while (isActiveJob(job.status) && mounted.current) {
        await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
        job = await getJob(job.id);
        if (mounted.current) setJob(job);
      }
      if (!mounted.current) return;
      const text = `Import of ${form.supplierName}: ${job.message}`;
      if (job.status === 'failed' || job.status === 'interrupted') setError(text);
      else setNotice(text);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      if (mounted.current) setBusy(null);
    }
  }

  async function cancel() {
    if (!job) return;
    try {
      setJob(await cancelJob(job.id));
    } catch (failure) {
      setError(failureText(failure));
    }
  }

  async function remove() {
    setError(null);
    if (form.supplierId === null) return;
    if (!online) return setError(OFFLINE_SAVE_REFUSED);
    setBusy('delete');
    try {
      await deleteSupplier(form.supplierId);
      onClose(`Deleted ${form.supplierName}.`);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(null);
    }
  }

  const columns = report?.columns ?? [];
  const firstValues = report?.rows.find((row) => Object.keys(row.values).length > 0)?.values ?? {};
  const sampleOf = (field: FeedField) => {
    const first = form.columns[field].split(',')[0]?.trim().toLowerCase() ?? '';
    const key = Object.keys(firstValues).find((name) => name.toLowerCase() === first);
    return key ? firstValues[key] : '';
  };

  return (
    <form className="parser-editor" noValidate onSubmit={(event) => void save(event)} aria-labelledby="supplier-form-title">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" wrap="wrap" gap="3">
          <Heading as="h2" size="5" id="supplier-form-title">
            {isNew ? 'Add supplier' : `Edit ${initial.supplierName}`}
          </Heading>
          <Button type="button" size="3" variant="soft" color="gray" onClick={() => onClose(null)}>
            Back to suppliers
          </Button>
        </Flex>

        <Card size="2">
          <Flex direction="column" gap="3">
            <Heading as="h3" size="4">
              Feed
            </Heading>
            <Flex gap="3" wrap="wrap" className="parser-form-row">
              <Field label="Name">
                <TextField.Root size="3" value={form.supplierName} onChange={(e) => set('supplierName', e.target.value)} autoComplete="off" />
              </Field>
              <Field label="Format">
                <Select.Root size="3" value={form.feedFormat} onValueChange={(value) => set('feedFormat', value as FeedFormat)}>
                  <Select.Trigger aria-label="Format" />
                  <Select.Content>
                    <Select.Item value="csv">CSV</Select.Item>
                    <Select.Item value="xml">XML</Select.Item>
                    <Select.Item value="xlsx">Excel (.xlsx)</Select.Item>
                  </Select.Content>
                </Select.Root>
              </Field>
            </Flex>
            <RadioGroup.Root size="3" value={form.feedSource} onValueChange={(value) => set('feedSource', value === 'upload' ? 'upload' : 'url')} aria-label="Feed source">
              <Flex gap="4" wrap="wrap">
                <RadioGroup.Item value="url">Address (http or https)</RadioGroup.Item>
                <RadioGroup.Item value="upload">Upload a file</RadioGroup.Item>
              </Flex>
            </RadioGroup.Root>
            {form.feedSource === 'url' ? (
              <Field label="Feed address" hint="Gzip-compressed feeds (.gz) are read too.">
                <TextField.Root
                  size="3"
                  type="url"
                  inputMode="url"
                  placeholder="https://supplier.example/feed.csv"
                  value={form.supplierUrlFeed}
                  onChange={(e) => set('supplierUrlFeed', e.target.value)}
                  autoComplete="off"
                />
              </Field>
            ) : (
              <Field label="Feed file (CSV, XML or .xlsx, up to 50 MB, may be .gz)">
                <input
                  className="parser-file"
                  type="file"
                  accept=".csv,.txt,.xml,.xlsx,.gz,text/csv,application/xml,text/xml,application/gzip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </Field>
            )}
            {form.feedSource === 'url' && (
              <Flex direction="column" gap="2">
                <Field label="Login for the feed">
                  <Select.Root size="3" value={form.credentialsKind} onValueChange={(value) => set('credentialsKind', value as SupplierForm['credentialsKind'])}>
                    <Select.Trigger aria-label="Login for the feed" />
                    <Select.Content>
                      <Select.Item value="none">None</Select.Item>
                      <Select.Item value="basic">User name and password</Select.Item>
                      <Select.Item value="header">Token in a header</Select.Item>
                    </Select.Content>
                  </Select.Root>
                </Field>
                {form.credentialsKind === 'basic' && (
                  <Flex gap="3" wrap="wrap" className="parser-form-row">
                    <Field label="User name">
                      <TextField.Root size="3" value={form.username} onChange={(e) => set('username', e.target.value)} autoComplete="off" />
                    </Field>
                    <Field label="Password" hint={loginMoved ? loginOriginHint('basic', loginMoved) : form.storedCredentials?.kind === 'basic' ? 'A password is set; leave empty to keep it.' : undefined}>
                      <TextField.Root size="3" type="password" value={form.password} onChange={(e) => set('password', e.target.value)} autoComplete="new-password" />
                    </Field>
                  </Flex>
                )}
                {form.credentialsKind === 'header' && (
                  <Flex gap="3" wrap="wrap" className="parser-form-row">
                    <Field label="Header name">
                      <TextField.Root size="3" placeholder="X-Api-Key" value={form.headerName} onChange={(e) => set('headerName', e.target.value)} autoComplete="off" />
                    </Field>
                    <Field label="Token" hint={loginMoved ? loginOriginHint('header', loginMoved) : form.storedCredentials?.kind === 'header' ? 'A token is set; leave empty to keep it.' : undefined}>
                      <TextField.Root size="3" type="password" value={form.headerValue} onChange={(e) => set('headerValue', e.target.value)} autoComplete="new-password" />
                    </Field>
                  </Flex>
                )}
              </Flex>
            )}
          </Flex>
        </Card>

        <Card size="2">
          <Flex direction="column" gap="3">
            <Heading as="h3" size="4">
              Column mapping
            </Heading>
            <Text size="2" color="gray">
              Which column of the feed fills each field. Test feed suggests a mapping from the feed&apos;s column names. A fixed value is used for every product
              instead of a column. Images may come from several columns, separated by commas.
            </Text>
            <datalist id={columnsListId}>
              {columns.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <div className="parser-table-scroll">
              <Table.Root size="1" className="parser-mapping">
                <VisuallyHidden asChild>
                  <caption>Column mapping</caption>
                </VisuallyHidden>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Field</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Feed column</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Fixed value</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>First row</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {FEED_FIELDS.map((field) => (
                    <Table.Row key={field}>
                      <Table.RowHeaderCell>{FEED_FIELD_LABELS[field]}</Table.RowHeaderCell>
                      <Table.Cell>
                        {field === 'images' ? (
                          // Several columns: a box that wraps, so a long list is never cut off.
                          <TextArea
                            size="3"
                            rows={2}
                            resize="vertical"
                            aria-label={`Feed column for ${FEED_FIELD_LABELS[field]}`}
                            value={form.columns[field]}
                            onChange={(e) => setForm((current) => ({ ...current, mapped: true, columns: { ...current.columns, [field]: e.target.value } }))}
                          />
                        ) : (
                          <TextField.Root
                            size="3"
                            list={columnsListId}
                            aria-label={`Feed column for ${FEED_FIELD_LABELS[field]}`}
                            value={form.columns[field]}
                            onChange={(e) => setForm((current) => ({ ...current, mapped: true, columns: { ...current.columns, [field]: e.target.value } }))}
                            autoComplete="off"
                          />
                        )}
                      </Table.Cell>
                      <Table.Cell>
                        <TextField.Root
                          size="3"
                          aria-label={`Fixed value for ${FEED_FIELD_LABELS[field]}`}
                          value={form.fixed[field]}
                          onChange={(e) => setForm((current) => ({ ...current, fixed: { ...current.fixed, [field]: e.target.value } }))}
                          autoComplete="off"
                        />
                      </Table.Cell>
                      <Table.Cell className="parser-sample">{form.fixed[field].trim() !== '' ? form.fixed[field] : sampleOf(field)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </div>
            <Heading as="h4" size="3">
              Transforms
            </Heading>
            <Flex gap="3" wrap="wrap" className="parser-form-row">
              <Field label="Decimal separator in numbers">
                <Select.Root size="3" value={form.decimalSeparator} onValueChange={(value) => set('decimalSeparator', value as SupplierForm['decimalSeparator'])}>
                  <Select.Trigger aria-label="Decimal separator in numbers" />
                  <Select.Content>
                    <Select.Item value="auto">Recognise (12,50 and 12.50)</Select.Item>
                    <Select.Item value="comma">Comma (1.234,50)</Select.Item>
                    <Select.Item value="point">Point (1,234.50)</Select.Item>
                  </Select.Content>
                </Select.Root>
              </Field>
              <Field label="Several images in one column separated by">
                <Select.Root size="3" value={form.imageSeparator} onValueChange={(value) => set('imageSeparator', value as SupplierForm['imageSeparator'])}>
                  <Select.Trigger aria-label="Image separator" />
                  <Select.Content>
                    <Select.Item value="|">| (bar)</Select.Item>
                    <Select.Item value=",">, (comma)</Select.Item>
                    <Select.Item value=";">; (semicolon)</Select.Item>
                    <Select.Item value=" ">space</Select.Item>
                  </Select.Content>
                </Select.Root>
              </Field>
              {form.feedFormat === 'xml' && (
                <Field label="XML element of one product">
                  <TextField.Root size="3" value={form.recordElement} onChange={(e) => set('recordElement', e.target.value)} autoComplete="off" />
                </Field>
              )}
            </Flex>
            <Text as="label" size="2" className="parser-check">
              <Checkbox size="3" checked={form.markupOn} onCheckedChange={(checked) => set('markupOn', checked === true)} /> Without a selling price in the feed, a new
              product gets supplier price × multiplier + amount
            </Text>
            {form.markupOn && (
              <Flex gap="3" wrap="wrap" className="parser-form-row">
                <Field label="Multiplier">
                  <TextField.Root size="3" inputMode="decimal" value={form.multiplier} onChange={(e) => set('multiplier', e.target.value)} />
                </Field>
                <Field label="Amount added (€)">
                  <TextField.Root size="3" inputMode="decimal" value={form.add} onChange={(e) => set('add', e.target.value)} />
                </Field>
              </Flex>
            )}
            <Text as="label" size="2" className="parser-check">
              <Checkbox size="3" checked={form.usShoeSizes} onCheckedChange={(checked) => set('usShoeSizes', checked === true)} /> Sizes in this feed are US shoe sizes
            </Text>
          </Flex>
        </Card>

        <Card size="2">
          <Flex direction="column" gap="3">
            <Heading as="h3" size="4">
              Schedule
            </Heading>
            <Flex gap="3" wrap="wrap" className="parser-form-row">
              <Field label="Import">
                <Select.Root size="3" value={form.scheduleKind} onValueChange={(value) => set('scheduleKind', value as SupplierForm['scheduleKind'])}>
                  <Select.Trigger aria-label="Import schedule" />
                  <Select.Content>
                    <Select.Item value="none">By hand only</Select.Item>
                    <Select.Item value="daily">Daily at a time</Select.Item>
                    <Select.Item value="every">Every few hours</Select.Item>
                  </Select.Content>
                </Select.Root>
              </Field>
              {form.scheduleKind === 'daily' && (
                <Field label="Time (HH:MM)">
                  <TextField.Root size="3" inputMode="numeric" aria-label="Time of the daily import" value={form.time} onChange={(e) => set('time', e.target.value)} />
                </Field>
              )}
              {form.scheduleKind === 'every' && (
                <Field label="Hours between imports (1-24)">
                  <TextField.Root size="3" inputMode="numeric" aria-label="Hours between imports" value={form.hours} onChange={(e) => set('hours', e.target.value)} />
                </Field>
              )}
              {form.scheduleKind !== 'none' && (
                <Field label="Time zone">
                  <Select.Root size="3" value={form.timeZone} onValueChange={(value) => set('timeZone', value)}>
                    <Select.Trigger aria-label="Time zone" />
                    <Select.Content>
                      {[...new Set<string>([...TIME_ZONES, form.timeZone])].map((zone) => (
                        <Select.Item key={zone} value={zone}>
                          {zone}
                        </Select.Item>
                      ))}
                    </Select.Content>
                  </Select.Root>
                </Field>
              )}
            </Flex>
            <Text as="label" size="2" className="parser-check">
              <Checkbox size="3" checked={form.enabled} onCheckedChange={(checked) => set('enabled', checked === true)} /> Enabled (a disabled supplier is skipped by the
              schedule)
            </Text>
          </Flex>
        </Card>

        {error && (
          <Callout.Root color="red" role="alert" className="parser-error">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        {stale && (
          <Callout.Root color="amber" role="alert" className="parser-error" data-testid="supplier-stale">
            <Callout.Text>
              {stale.message} Changed meanwhile: {stale.parts.join(', ')}.
            </Callout.Text>
            <Flex gap="3" wrap="wrap">
              <Button type="button" size="3" variant="soft" onClick={() => takeTheirs(stale.theirs)}>
                Use theirs
              </Button>
              <Button type="button" size="3" variant="soft" color="amber" loading={busy === 'save'} onClick={() => saveMineOnTop(stale.theirs)}>
                Save my changes on top
              </Button>
            </Flex>
          </Callout.Root>
        )}
        {notice && (
          <Callout.Root color="green" role="status">
            <Callout.Text>{notice}</Callout.Text>
          </Callout.Root>
        )}

        <Flex gap="3" wrap="wrap" className="parser-actions">
          <Button type="button" size="3" variant="soft" loading={busy === 'test'} onClick={() => void runTest()}>
            Test feed
          </Button>
          <Button type="submit" size="3" loading={busy === 'save'}>
            Save
          </Button>
          <Button type="button" size="3" variant="soft" loading={busy === 'run'} disabled={isNew} onClick={() => void run()}>
            Run
          </Button>
          {!isNew && (
            <Button type="button" size="3" variant="soft" color="red" loading={busy === 'delete'} onClick={() => setConfirmingDelete(true)}>
              Delete
            </Button>
          )}
        </Flex>

        <ConfirmDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          title={`Delete ${initial.supplierName}?`}
          description="Only a supplier without products can be deleted; its import history goes with it. A supplier with products can be disabled instead."
          cancelLabel="Keep"
          confirmLabel="Delete supplier"
          onConfirm={() => void remove()}
        />

        {job && (
          <Card size="2" className="parser-job" aria-live="polite">
            <Flex direction="column" gap="2">
              <Flex justify="between" align="center" gap="3" wrap="wrap">
                <Text weight="medium">
                  Import {isActiveJob(job.status) ? (job.status === 'queued' ? 'queued' : 'running') : 'ended'}: {jobProgressText(job, countText)}
                  {job.percent !== null ? ` (${job.percent}%)` : ''}
                </Text>
                {isActiveJob(job.status) && (
                  <Button type="button" size="3" variant="soft" color="red" disabled={job.cancelRequested} onClick={() => void cancel()}>
                    {job.cancelRequested ? 'Cancelling...' : 'Cancel import'}
                  </Button>
                )}
              </Flex>
              <Progress
                size="3"
                aria-label="Import progress"
                value={isActiveJob(job.status) ? (job.percent ?? undefined) : 100}
                color={job.status === 'failed' || job.status === 'interrupted' ? 'red' : job.status === 'cancelled' ? 'gray' : undefined}
              />
            </Flex>
          </Card>
        )}

        {report && <Preview report={report} />}
      </Flex>
    </form>
  );
}

function Preview({ report }: { report: TestFeedReport }) {
  const refused = report.rows.filter((row) => row.problems.length > 0).length;
  return (
    <Card size="2" className="parser-preview">
      <Flex direction="column" gap="3">
        <Heading as="h3" size="4">
          Test feed: the first {countText(report.rows.length)} rows
        </Heading>
        <Text size="2">
          {countText(report.rows.length - refused)} would be imported, {countText(refused)} refused{report.more ? '; the feed has more rows' : ''}. Nothing was saved.
        </Text>
        {report.mappingProblem && (
          <Callout.Root color="amber" role="alert">
            <Callout.Text>{report.mappingProblem}</Callout.Text>
          </Callout.Root>
        )}
        <div className="parser-table-scroll">
          <Table.Root size="1">
            <VisuallyHidden asChild>
              <caption>Test feed preview</caption>
            </VisuallyHidden>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Line</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>EAN / SKU</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Supplier price</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Selling price</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Stock</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Images</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Problems</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.rows.map((row) => {
                const bad = row.problems.length > 0;
                const product = row.product;
                return (
                  <Table.Row key={row.line} className={bad ? 'parser-bad-row' : undefined} data-refused={bad ? 'true' : undefined}>
                    <Table.RowHeaderCell>{row.line}</Table.RowHeaderCell>
                    <Table.Cell>
                      {product ? (
                        <>
                          {product.ean}
                          {product.ean && product.sku ? <br /> : null}
                          {product.sku}
                        </>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      {product ? (
                        product.title
                      ) : (
                        // A refused row: its first values as the feed has them, so the row can be found.
                        <Text color="gray">{Object.values(row.values).filter((value) => value !== '').slice(0, 3).join(' · ')}</Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>{product ? priceText(product.priceSupplier) : null}</Table.Cell>
                    <Table.Cell>{product ? priceText(product.sellingPrice) : null}</Table.Cell>
                    <Table.Cell>{product ? countText(product.stock) : null}</Table.Cell>
                    <Table.Cell>{product ? countText(product.images.length) : null}</Table.Cell>
                    <Table.Cell>
                      {bad ? (
                        <Flex direction="column" gap="1">
                          <Badge color="red">Refused</Badge>
                          {row.problems.map((problem) => (
                            <Text key={problem} size="2" color="red">
                              {problem}
                            </Text>
                          ))}
                        </Flex>
                      ) : (
                        <Badge color="green">OK</Badge>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </div>
      </Flex>
    </Card>
  );
}
