/**
 * The supplier form's edit controller (src/app/edit/use-edit-controller.ts) set up for the Parser
 * screen, which is online only: the form as the draft, Save straight to the server
 * (save-supplier.ts) with a stale save shown with what changed meanwhile, and the other actions of
 * the form: Test feed, Run (the import followed by the app's one job follower, docs/jobs.md
 * "Following a job"), Delete. Every refusal is shown as its sentence.
 */
import { useState } from 'react';
import type { SupplierDetails, TestFeedReport } from '../../../shared/suppliers';
import { cancelJob } from '../../api/jobs';
import { addSupplier, deleteSupplier, saveSupplier, startSupplierImport, testFeed, uploadFeedFile } from '../../api/suppliers';
import { reasonOf, refusal } from '../../edit/edit-outcome';
import { FROM_SERVER } from '../../edit/kept-copy';
import { useEditController } from '../../edit/use-edit-controller';
import { saveSupplierForm } from './save-supplier';
import { formOf, takesGuess, testRequestOf, withGuessedMapping, type SupplierForm } from './supplier-form';
import { noServerSays } from '../../lib/no-server-sentence';
import { formProblem } from './supplier-form-check';
import { changedMeanwhile, mergeMine } from './supplier-stale-save';
import { useFollowedJobs } from '../jobs';
import { parserMessages } from '../../../shared/parser-messages';
import { messagesNow } from '../../i18n/language';
import { serverSaysNow } from '../../api/client';

const wordsNow = () => messagesNow(parserMessages, 'parser');

/** A save refused because someone else saved first: their supplier and what they changed. */
export interface StaleSave {
  message: string;
  theirs: SupplierDetails;
  parts: string[];
}

const SUPPLIER_CALLS = { addSupplier, saveSupplier, uploadFeedFile };

export function useSupplierEditor(initial: SupplierForm, online: boolean, onClose: (message: string | null) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TestFeedReport | null>(null);
  const [stale, setStale] = useState<StaleSave | null>(null);
  const editor = useEditController<SupplierForm, SupplierForm>({
    record: initial,
    key: String(initial.supplierId ?? 'new'),
    draftOf: (form) => form,
    unsaved: (draft, opened) => draft !== opened,
    send: (draft) => saveSupplierForm(draft, file, SUPPLIER_CALLS),
    texts: { sentNotice: (saved) => wordsNow().saved(saved?.supplierName ?? '') },
  });
  // The form as last filled from the server, before the person's edits: what a stale save compares with.
  const baseForm = editor.record ?? initial;
  const form = editor.draft ?? initial;
  // This server's origin places a path address; the saved login goes only to its own origin.
  const here = window.location.origin;
  const set = <K extends keyof SupplierForm>(key: K, value: SupplierForm[K]) => editor.setDraft((current) => ({ ...current, [key]: value }));
  const refuse = (text: string) => editor.setNotice(refusal(text));
  // The import a Run started, asked about until it ends; then its outcome is said.
  const importRun = useFollowedJobs(([job]) => {
    if (!job) return;
    const text = wordsNow().importOf(form.supplierName, serverSaysNow(job) ?? job.message);
    if (job.status === 'failed' || job.status === 'interrupted') refuse(text);
    else editor.setNotice({ kind: 'sent', tone: 'green', text });
  });

  async function runTest() {
    editor.setNotice(null);
    if (!online) return refuse(noServerSays('parserAction'));
    const problem = formProblem(form, file, 'test', here, wordsNow().checks);
    if (problem) return refuse(problem);
    await editor.act('test', async () => {
      try {
        let current = form;
        let answer = await testFeed(testRequestOf(current), current.feedSource === 'upload' ? file : null);
        // The guess (on a form without a mapping, or one nobody edited since the last guess): take it and test again with it.
        if (takesGuess(current, answer)) {
          current = withGuessedMapping(current, answer.guessedMapping);
          const guessed = current;
          editor.setDraft(() => guessed);
          answer = await testFeed(testRequestOf(current), current.feedSource === 'upload' ? file : null);
        }
        setReport(answer);
      } catch (failure) {
        setReport(null);
        throw failure;
      }
    });
  }

  async function save(toSave: SupplierForm = form) {
    editor.setNotice(null);
    setStale(null);
    if (!online) return refuse(noServerSays('parserSave'));
    const problem = formProblem(toSave, file, 'save', here, wordsNow().checks);
    if (problem) return refuse(problem);
    const outcome = await editor.save('save', toSave);
    if (outcome?.kind === 'sent') setFile(null);
    if (outcome?.kind === 'conflict') {
      const theirs = outcome.theirs as SupplierDetails;
      setStale({ message: outcome.message, theirs, parts: changedMeanwhile(baseForm, theirs, wordsNow().parts) });
    }
  }

  /** Stale save: drop this form's edits and show the supplier as the other person saved it. */
  function takeTheirs(theirs: SupplierDetails) {
    editor.show(formOf(theirs), FROM_SERVER, true);
    setStale(null);
    editor.setNotice({ kind: 'sent', tone: 'green', text: wordsNow().showingTheirs(theirs.supplierName) });
  }

  /** Stale save: their supplier with this person's changed parts on top, saved against their version. */
  function saveMineOnTop(theirs: SupplierDetails) {
    const merged = mergeMine(baseForm, form, theirs);
    editor.show(formOf(theirs), FROM_SERVER, true);
    editor.setDraft(() => merged);
    void save(merged);
  }

  async function run() {
    editor.setNotice(null);
    if (!online) return refuse(noServerSays('parserAction'));
    const supplierId = form.supplierId;
    if (supplierId === null) return refuse(wordsNow().saveBeforeRun);
    await editor.act('run', async () => {
      const started = await startSupplierImport(supplierId);
      const first = started.jobs[0];
      const skipped = started.skipped[0];
      if (!first) return refuse(skipped ? (serverSaysNow(skipped) ?? skipped.message) : wordsNow().importNotStarted);
      importRun.follow([first]);
    });
  }

  /** Asks the server to stop the import (it ends at its next step); the bar follows it to its end. */
  async function cancel() {
    const job = importRun.jobs[0];
    if (!job) return;
    try {
      importRun.follow([await cancelJob(job.id)]);
    } catch (failure) {
      refuse(reasonOf(failure));
    }
  }

  async function remove() {
    const supplierId = form.supplierId;
    editor.setNotice((notice) => (notice?.tone === 'red' ? null : notice));
    if (supplierId === null) return;
    if (!online) return refuse(noServerSays('parserSave'));
    await editor.act('delete', async () => {
      await deleteSupplier(supplierId);
      onClose(wordsNow().deleted(form.supplierName));
    });
  }

  // Run stays busy while its import is followed.
  const busy = editor.busy ?? (importRun.following ? 'run' : null);
  return { form, set, setForm: editor.setDraft, file, setFile, report, stale, busy, notice: editor.notice, job: importRun.jobs[0] ?? null, here, runTest, save, takeTheirs, saveMineOnTop, run, cancel, remove };
}
