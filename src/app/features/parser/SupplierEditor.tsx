/**
 * The supplier form of the Parser screen: source, credentials, format, column mapping with fixed
 * values, transforms, schedule, enabled; Test feed (preview of the first rows, bad rows marked),
 * Save, Run, Delete. Every refusal the server gives is shown as its sentence. It only renders: the
 * edit controller set up in use-supplier-editor.ts holds the form and its actions.
 */
import { Button, Callout, Flex, Heading } from '@radix-ui/themes';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AlwaysWinsSection } from './AlwaysWinsSection';
import { FeedPreview } from './FeedPreview';
import { FeedSection } from './FeedSection';
import { ImportRunCard } from './ImportRunCard';
import { MappingSection } from './MappingSection';
import { RowRulesSection } from './RowRulesSection';
import { ScheduleSection } from './ScheduleSection';
import type { SupplierForm } from './supplier-form';
import { useSupplierEditor } from './use-supplier-editor';
import { parserMessages } from '../../../shared/parser-messages';
import { useMessages } from '../../i18n/language';


interface Props {
  initial: SupplierForm;
  online: boolean;
  onClose: (message: string | null) => void;
}

export function SupplierEditor({ initial, online, onClose }: Props) {
  const editor = useSupplierEditor(initial, online, onClose);
  const { form, set, busy, notice, stale, job, report } = editor;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const isNew = form.supplierId === null;
  const words = useMessages(parserMessages, 'parser');

  return (
    <form
      className="parser-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void editor.save();
      }}
      aria-labelledby="supplier-form-title"
    >
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" wrap="wrap" gap="3">
          <Heading as="h2" size="5" id="supplier-form-title">
            {isNew ? words.addSupplier : words.editSupplier(initial.supplierName)}
          </Heading>
          <Button type="button" size="3" variant="soft" color="gray" onClick={() => onClose(null)}>
            {words.backToSuppliers}
          </Button>
        </Flex>

        <FeedSection form={form} set={set} here={editor.here} onFile={editor.setFile} />
        <MappingSection form={form} set={set} setForm={editor.setForm} report={report} />
        <RowRulesSection form={form} setForm={editor.setForm} report={report} />
        <AlwaysWinsSection form={form} set={set} />
        <ScheduleSection form={form} set={set} />

        {notice?.tone === 'red' && (
          <Callout.Root color="red" role="alert" className="parser-error">
            <Callout.Text>{notice.text}</Callout.Text>
          </Callout.Root>
        )}
        {stale && (
          <Callout.Root color="amber" role="alert" className="parser-error" data-testid="supplier-stale">
            <Callout.Text>
              {stale.message} {words.changedMeanwhile(stale.parts)}
            </Callout.Text>
            <Flex gap="3" wrap="wrap">
              <Button type="button" size="3" variant="soft" onClick={() => editor.takeTheirs(stale.theirs)}>
                {words.useTheirs}
              </Button>
              <Button type="button" size="3" variant="soft" color="amber" loading={busy === 'save'} onClick={() => editor.saveMineOnTop(stale.theirs)}>
                {words.saveMineOnTop}
              </Button>
            </Flex>
          </Callout.Root>
        )}
        {notice?.tone === 'green' && (
          <Callout.Root color="green" role="status">
            <Callout.Text>{notice.text}</Callout.Text>
          </Callout.Root>
        )}

        <Flex gap="3" wrap="wrap" className="parser-actions">
          <Button type="button" size="3" variant="soft" loading={busy === 'test'} onClick={() => void editor.runTest()}>
            {words.testFeed}
          </Button>
          <Button type="submit" size="3" loading={busy === 'save'}>
            {words.save}
          </Button>
          <Button type="button" size="3" variant="soft" loading={busy === 'run'} disabled={isNew} onClick={() => void editor.run()}>
            {words.run}
          </Button>
          {!isNew && (
            <Button type="button" size="3" variant="soft" color="red" loading={busy === 'delete'} onClick={() => setConfirmingDelete(true)}>
              {words.delete}
            </Button>
          )}
        </Flex>

        <ConfirmDialog
          open={confirmingDelete}
          onOpenChange={setConfirmingDelete}
          title={words.deleteTitle(initial.supplierName)}
          description={words.deleteQuestion}
          cancelLabel={words.keep}
          confirmLabel={words.deleteSupplier}
          onConfirm={() => void editor.remove()}
        />

        {job && <ImportRunCard job={job} onCancel={() => void editor.cancel()} />}

        {report && <FeedPreview report={report} />}
      </Flex>
    </form>
  );
}
