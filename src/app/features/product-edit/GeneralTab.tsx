/**
 * The General tab: the form, the images, Apply / Save & Exit, the main flag and Inherit Product.
 * It only renders: the edit controller set up in use-product-editor.ts holds the product, the
 * draft, the save through the outbox and its outcome; rules live in product-form.ts,
 * product-draft.ts, family-rules.ts and image-list-rules.ts.
 */
import { Button, Flex, Spinner, Switch, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import type { Product } from '../../../shared/contract';
import { messages } from '../../../shared/messages';
import { productEditMessages } from '../../../shared/product-edit-messages';
import { productFormMessages } from '../../../shared/product-form-messages';
import { useMessages } from '../../i18n/language';
import { useConflictWords } from '../../i18n/value-words';
import { onlineAtom } from '../../state/sync';
import { conflictDifferences } from '../../sync/outbox-kinds';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ConflictBanner, FieldConflictNote } from '../../ui/ConflictTable';
import { notify } from '../../ui/notify';
import { ReplaceTypedDialog } from '../../ui/ReplaceTypedDialog';
import { AdditionalDataSection } from './AdditionalDataSection';
import { formFieldOf } from './conflict-rules';
import { showsInherit, showsMainSwitch } from './family-rules';
import { GeneralDataSection } from './GeneralDataSection';
import { GeneralNotice } from './GeneralNotice';
import { HeldBackNote } from './HeldBackNote';
import type { HeldCategoryNote, HeldImagesNote } from './held-back-rules';
import { useHeldBack } from './use-held-back';
import { FreshFieldConflict, FreshNewsNote } from './FreshNews';
import { imagesChanged, moveImage, updateImage } from './image-list-rules';
import { ImagesSection } from './ImagesSection';
import { LeavePrompt } from './LeavePrompt';
import type { FormField } from './product-form';
import { useInherit } from './use-inherit';
import { useProductEditor } from './use-product-editor';

export interface GeneralTabProps {
  product: Product;
  onShowGeneral: () => void;
}

export default function GeneralTab({ product, onShowGeneral }: GeneralTabProps) {
  const navigate = useNavigate();
  const online = useAtomValue(onlineAtom);
  const words = useMessages(productFormMessages, 'productForm');
  const editWords = useMessages(productEditMessages, 'productEdit');
  const pendingWord = useMessages(messages).images.pending;
  const conflictWords = useConflictWords();
  const tab = useProductEditor(product);
  const { editor, draft, form, problems, conflict, setField } = tab;
  const busy = editor.busy === 'save';
  const inherit = useInherit(product, editor.setNotice);
  const held = useHeldBack(tab.base, form, editor.entries, tab.author, setField, {
    unsaved: draft.picked.length > 0 || (editor.opened !== null && imagesChanged(draft.images, editor.opened.images)),
    // The supplier's images show at once; what was typed in the form stays on top.
    showDeviceCopy: () => void editor.showKept('carry-typed'),
  });

  const save = async (exitAfter: boolean) => {
    if (!tab.check()) {
      onShowGeneral();
      return;
    }
    const outcome = await editor.save();
    if (exitAfter && (outcome?.kind === 'sent' || outcome?.kind === 'pending')) void navigate(-1);
  };

  const conflictRows = conflict ? conflictDifferences(conflict.conflicts, {}, conflictWords) : [];
  const conflictNote = (field: FormField) => {
    const found = conflict?.conflicts.find((candidate) => formFieldOf(candidate) === field);
    const row = found && conflictRows.find((candidate) => candidate.field === found.field);
    const supplier = held.noteOf(field);
    const heldNote = supplier && <HeldBackNote field={supplier.field} says={supplier.says} taken={supplier.taken} onTake={() => held.take(supplier)} onKeepMine={() => held.keepMine(supplier.field)} />;
    if (row) return (
      <>
        <FieldConflictNote row={row} choices={tab.choices} busy={tab.settling} onChoose={tab.choose} />
        {heldNote}
      </>
    );
    // A colleague's saved change to a field being edited here (docs/product-edit.md "Open forms stay fresh").
    const news = editor.fresh.news;
    const fresh = news?.conflicts.find((candidate) => candidate.field === field);
    return (
      <>
        {news && fresh && <FreshFieldConflict conflict={fresh} by={news.by} onChoose={editor.fresh.choose} />}
        {heldNote}
      </>
    );
  };
  const notice = editor.notice;

  return (
    <Flex direction="column" gap="3" pt="3" className="general-tab">
      <LeavePrompt when={editor.dirty && !busy} />
      {conflict && <ConflictBanner title={editWords.conflict} rows={conflictRows} choices={tab.choices} busy={tab.settling} onChoose={tab.choose} onChooseAll={tab.chooseAll} />}
      <ReplaceTypedDialog replaced={tab.question?.replaced ?? null} onConfirm={tab.confirmQuestion} onDismiss={tab.dismissQuestion} />
      {/* "Please correct the marked field." goes as soon as no field is marked any more. */}
      {/* A conflict replaces "Saved on this device": one clear state. */}
      {editor.fresh.news && <FreshNewsNote news={editor.fresh.news} form={form} onDismiss={editor.fresh.dismiss} />}
      <GeneralNotice notice={(notice?.kind === 'refused' && Object.keys(problems).length === 0) || (conflict && notice?.kind === 'pending') ? null : notice} />
      <div className="edit-columns">
        <Flex direction="column" gap="3" minWidth="0">
          <GeneralDataSection form={form} problems={problems} setField={setField} conflictNote={conflictNote} />
          <ImagesSection
            heldNote={
              held.images && (
                <HeldBackNote
                  field="images"
                  says={held.images.says}
                  images={held.images.images}
                  onTake={() => held.takeImages(held.images as HeldImagesNote)}
                  taking={held.takingImages}
                  onKeepMine={() => held.keepMine('images')}
                />
              )
            }
            images={draft.images}
            picked={draft.picked}
            busy={busy}
            onPick={(files) => editor.setDraft((current) => ({ ...current, picked: [...current.picked, ...files.map((file) => ({ id: crypto.randomUUID(), file }))] }))}
            onRemovePicked={(id) => editor.setDraft((current) => ({ ...current, picked: current.picked.filter((file) => file.id !== id) }))}
            onChange={(id, change) => editor.setDraft((current) => ({ ...current, images: updateImage(current.images, id, change) }))}
            onMove={(id, position) => editor.setDraft((current) => ({ ...current, images: moveImage(current.images, id, position) }))}
            onDelete={(id) => void tab.deleteImage(id)}
            onSave={(exitAfter) => void save(exitAfter)}
            onProblem={(message) => notify(message)}
          />
        </Flex>
        <AdditionalDataSection
          form={form}
          problems={problems}
          setField={setField}
          product={product}
          setSwitch={setField}
          setDescription={(html) => setField('description', html)}
          conflictNote={conflictNote}
          categoryNote={held.category && <HeldBackNote field="categoryId" says={held.category.says} onTake={() => held.takeCategory(held.category as HeldCategoryNote)} onKeepMine={() => held.keepMine('categoryId')} />}
        />
      </div>
      <Flex className="edit-actions" gap="3" align="center" wrap="wrap">
        <Button type="button" onClick={() => void save(false)} disabled={busy} data-testid="apply" aria-busy={busy || tab.onItsWay}>
          {(busy || tab.onItsWay) && <Spinner size="1" data-testid="apply-spinner" />}
          {words.apply}
        </Button>
        <Button type="button" variant="outline" onClick={() => void save(true)} disabled={busy}>
          {words.saveAndExit}
        </Button>
        {showsInherit(product) && (
          <Button type="button" color="amber" onClick={() => void inherit.ask()} disabled={inherit.inheriting || !online} title={online ? undefined : editWords.inheritNeedsConnection}>
            {inherit.inheriting ? pendingWord : words.inherit}
          </Button>
        )}
        <ConfirmDialog
          open={inherit.question !== null}
          onOpenChange={(open) => {
            if (!open) inherit.dismiss();
          }}
          title={words.inherit}
          description={inherit.question ?? ''}
          cancelLabel={words.cancel}
          confirmLabel={words.inherit}
          onConfirm={() => void inherit.inherit()}
        />
        {showsMainSwitch(product) && (
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch checked={form.mainProduct} onCheckedChange={tab.toggleMain} />
              {words.isMain}
            </Flex>
          </Text>
        )}
        {editor.dirty && !busy && (
          <Text size="2" color="gray">
            {words.unsaved}
          </Text>
        )}
      </Flex>
    </Flex>
  );
}
