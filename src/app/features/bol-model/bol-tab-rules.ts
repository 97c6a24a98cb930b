/**
 * What the Bol Model tab decides, as pure functions: the category options (bol's recommendations
 * first while none is assigned), the form's state and the model it saves, which fields are marked,
 * Schoenmaat, image slots and conflicts. How the content status and upload report read:
 * bol-status-rules.ts.
 * The shared rules (shoe sizes, required attributes, media slots) live in src/shared/rules.
 */
import { bolModelMessages, type BolModelWords } from '../../../shared/bol-model-messages';
import { attributeIdOfKey, BOL_MODEL_COMPARED, isBolModelChangeConflict } from '../../../shared/bol-change-set';
import type { FieldConflict } from '../../../shared/change-set';
import type { ConflictOnForm } from '../../edit/conflict-choice-rules';
import { myChangeIsOnItsWay, myConflictOf, type WaitingEntryLike } from '../../lib/my-waiting-change';
import type {
  BolAttribute,
  BolChunk,
  BolChunkRecommendation,
  BolMedia,
  BolModel,
} from '../../../shared/bol-contract';
import type { ProductImage } from '../../../shared/contract';
import { freeMediaSlots } from '../../../shared/rules/bol-media-slots';
import { missingRequiredAttributes } from '../../../shared/rules/bol-model-rules';
import { matchShoeSizeValue } from '../../../shared/rules/shoe-size';

// --- Category (chunk) options ------------------------------------------------------------------

export interface ChunkOption extends BolChunk {
  /** bol's probability (0..1) when bol recommended this category for the product. */
  probability: number | null;
}

/**
 * The autocomplete's options: with no category assigned, bol's recommendations first (best
 * first), then every other category in the data model's order; filtered by the typed text
 * (name or id, case ignored). Recommendations of categories the model does not have are left out.
 */
export function chunkOptions(
  chunks: readonly BolChunk[],
  recommendations: readonly BolChunkRecommendation[],
  assignedChunkId: string | null,
  query: string,
): ChunkOption[] {
  const known = new Map(chunks.map((chunk) => [chunk.chunkId, chunk]));
  const recommended = assignedChunkId
    ? []
    : [...recommendations]
        .filter((entry) => known.has(entry.chunkId))
        .sort((a, b) => b.probability - a.probability)
        .map((entry) => ({ chunkId: entry.chunkId, chunkName: known.get(entry.chunkId)?.chunkName ?? entry.chunkName, probability: entry.probability }));
  const seen = new Set(recommended.map((entry) => entry.chunkId));
  const options: ChunkOption[] = [...recommended, ...chunks.filter((chunk) => !seen.has(chunk.chunkId)).map((chunk) => ({ ...chunk, probability: null }))];
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return options;
  return options.filter((option) => option.chunkName.toLowerCase().includes(wanted) || option.chunkId.toLowerCase().includes(wanted));
}

/** 'Recommended by bol (87%)' for a recommended option, else null. */
export function recommendationText(option: ChunkOption, words: Pick<BolModelWords, 'recommended'> = bolModelMessages): string | null {
  if (option.probability === null) return null;
  return words.recommended(Math.round(option.probability * 100));
}

// --- Form state ----------------------------------------------------------------------------------

/** What the person edits: attribute values by attribute id, and the images by slot. */
export interface BolFormState {
  values: Record<string, string>;
  media: BolMedia[];
}

export type FieldKind = 'select' | 'rich-text' | 'text';

const isDescription = (attribute: Pick<BolAttribute, 'attributeId'>) => attribute.attributeId.toLowerCase() === 'description';
const isSchoenmaat = (attribute: Pick<BolAttribute, 'attributeId'>) => attribute.attributeId.toLowerCase() === 'schoenmaat';

/** docs/requirements.md §5: a value list is a select, Description is rich text, anything else a text input. */
export function fieldKind(attribute: BolAttribute): FieldKind {
  if (attribute.valueList && attribute.valueList.length > 0) return 'select';
  if (isDescription(attribute)) return 'rich-text';
  return 'text';
}

export function splitAttributes(attributes: readonly BolAttribute[]): { required: BolAttribute[]; optional: BolAttribute[] } {
  return { required: attributes.filter((a) => a.required), optional: attributes.filter((a) => !a.required) };
}

/**
 * Schoenmaat set to the value of its list that is the product size, spaces ignored, while it is
 * empty. The server already fills it in a model never saved, converting a US size first for the
 * supplier whose feed has US sizes (it knows which supplier that is): so a value it sent is never
 * converted again here, and an empty one is only matched as it is.
 */
export function withSchoenmaat(attributes: readonly BolAttribute[], productSize: string): BolAttribute[] {
  return attributes.map((attribute) => {
    if (!isSchoenmaat(attribute) || !attribute.valueList || (attribute.value ?? '').trim() !== '') return attribute;
    const match = matchShoeSizeValue(productSize, attribute.valueList);
    return match ? { ...attribute, value: match } : attribute;
  });
}

/** The line under Schoenmaat saying which product size it follows; null for other attributes. */
export function fieldNote(attribute: BolAttribute, product: { productSize: string }, words: Pick<BolModelWords, 'productSize'> = bolModelMessages): string | null {
  if (!isSchoenmaat(attribute) || product.productSize.trim() === '') return null;
  return words.productSize(product.productSize);
}

/** The form for a model as loaded (Schoenmaat auto-set from the product size when empty). */
export function formFromModel(model: BolModel, productSize: string): BolFormState {
  const attributes = withSchoenmaat(model.attributeData, productSize);
  return {
    values: Object.fromEntries(attributes.map((attribute) => [attribute.attributeId, attribute.value ?? ''])),
    media: [...model.mediaData].sort((a, b) => a.mediaId - b.mediaId),
  };
}

/** The model to save: the loaded one (with every field the server added) carrying the form's values and images. */
export function modelFromForm(model: BolModel, form: BolFormState): BolModel {
  return {
    ...model,
    attributeData: model.attributeData.map((attribute) => ({
      ...attribute,
      value: Object.hasOwn(form.values, attribute.attributeId) ? (form.values[attribute.attributeId] ?? '') : (attribute.value ?? ''),
    })),
    mediaData: [...form.media].sort((a, b) => a.mediaId - b.mediaId).map((media) => ({ ...media })),
  };
}

/** Ids of the required attributes the form leaves empty: the fields to mark (docs/requirements.md §5). */
export function missingFieldIds(model: BolModel, form: BolFormState): string[] {
  return missingRequiredAttributes(modelFromForm(model, form).attributeData).map((attribute) => attribute.attributeId);
}

/** Whether the form differs from the model it was loaded from (values compared trimmed). */
export function isFormDirty(model: BolModel, form: BolFormState, productSize: string): boolean {
  const loaded = formFromModel(model, productSize);
  const sameValues = model.attributeData.every(
    (attribute) => (loaded.values[attribute.attributeId] ?? '').trim() === (form.values[attribute.attributeId] ?? '').trim(),
  );
  const sameMedia =
    loaded.media.length === form.media.length &&
    [...form.media].sort((a, b) => a.mediaId - b.mediaId).every((media, index) => media.mediaId === loaded.media[index]?.mediaId && media.value === loaded.media[index]?.value);
  // The auto-set Schoenmaat is a change the server has not seen yet.
  const schoenmaatAutoSet = model.attributeData.some((attribute) => isSchoenmaat(attribute) && (attribute.value ?? '') !== (loaded.values[attribute.attributeId] ?? ''));
  return !sameValues || !sameMedia || schoenmaatAutoSet;
}

/**
 * After the category changed, the new model's form: values the person typed for attributes the
 * new category has too are kept (the server keeps saved ones the same way), the rest as loaded.
 */
export function carryOverValues(next: BolFormState, previous: BolFormState): BolFormState {
  const values = { ...next.values };
  for (const [id, value] of Object.entries(previous.values)) {
    if (Object.hasOwn(values, id) && value.trim() !== '') values[id] = value;
  }
  return { values, media: previous.media.length > 0 ? previous.media : next.media };
}

// --- Images --------------------------------------------------------------------------------------

/** An image path as bol needs it: our stored paths on our own origin, http(s) URLs as they are. */
export function absoluteImageUrl(filePath: string, origin: string): string | null {
  if (filePath.startsWith('/') && !filePath.startsWith('//')) return new URL(filePath, origin).href;
  return /^https?:\/\//i.test(filePath) ? filePath : null;
}

/** Product images (as absolute URLs) not yet in the Bol model: what "Add image" offers. */
export function addableImages(images: readonly ProductImage[], media: readonly BolMedia[], origin: string): { id: string; url: string; name: string }[] {
  const used = new Set(media.map((entry) => entry.value));
  const addable: { id: string; url: string; name: string }[] = [];
  for (const image of images) {
    const url = absoluteImageUrl(image.filePath, origin);
    if (url && !used.has(url) && !addable.some((entry) => entry.url === url)) addable.push({ id: image.id, url, name: image.name });
  }
  return addable;
}

/** Adds an image in the lowest free slot; unchanged when every slot is taken. */
export function addMedia(media: readonly BolMedia[], url: string): BolMedia[] {
  const [slot] = freeMediaSlots(media, null);
  if (slot === undefined) return [...media];
  return [...media, { mediaId: slot, value: url }].sort((a, b) => a.mediaId - b.mediaId);
}

export function removeMedia(media: readonly BolMedia[], slot: number): BolMedia[] {
  return media.filter((entry) => entry.mediaId !== slot);
}

/** 'Main picture' for slot 1 (bol's FRONT), 'Position n' otherwise. */
export function slotLabel(slot: number, words: Pick<BolModelWords, 'mainPictureSlot'> = bolModelMessages): string {
  return slot === 1 ? words.mainPictureSlot : String(slot);
}

// --- Conflicts -----------------------------------------------------------------------------------

export interface BolConflict {
  entryId: string;
  conflicts: FieldConflict[];
  theirs: BolModel;
}

/** My conflicting change of this Bol model, if any (another person's waits for them). */
export function bolConflictOf(entries: readonly WaitingEntryLike[], author: string): BolConflict | null {
  const mine = myConflictOf(entries, author, 'bol-model-change', (copy) => (isBolModelChangeConflict(copy) ? copy : null));
  return mine && { entryId: mine.entryId, conflicts: mine.answer.conflicts, theirs: mine.answer.model };
}

/** Whether a change of mine to this model waits or is being sent (the spinner on Apply). */
export const bolChangeIsOnItsWay = myChangeIsOnItsWay;

/** The form after choosing for one conflicting attribute: my value or theirs, at once. */
export function formWithChoice(form: BolFormState, conflict: FieldConflict, choice: 'mine' | 'theirs'): BolFormState {
  const attributeId = attributeIdOfKey(conflict.field);
  if (attributeId !== null) {
    const value = choice === 'theirs' ? conflict.theirs : conflict.mine;
    return { ...form, values: { ...form.values, [attributeId]: typeof value === 'string' ? value : '' } };
  }
  if (conflict.field === BOL_MODEL_COMPARED.media.key) {
    const media = choice === 'theirs' ? conflict.theirs : conflict.mine;
    return Array.isArray(media) ? { ...form, media: [...(media as BolMedia[])].sort((a, b) => a.mediaId - b.mediaId) } : form;
  }
  return form;
}

const sameMedia = (a: readonly BolMedia[], b: readonly BolMedia[]) => BOL_MODEL_COMPARED.media.same(a, b);

/** Whether two forms differ: an attribute's value (compared as the server compares it, trimmed) or the image slots. */
export function bolFormsDiffer(a: BolFormState, b: BolFormState): boolean {
  const ids = new Set([...Object.keys(a.values), ...Object.keys(b.values)]);
  return [...ids].some((id) => !BOL_MODEL_COMPARED.attribute.same(a.values[id], b.values[id])) || !sameMedia(a.media, b.media);
}

/**
 * The form moved onto a newer copy's form `next` (after a settled conflict): each attribute typed
 * since `opened` keeps what was typed, the others take `next`'s value; the image slots likewise.
 */
export function formWithTyped(draft: BolFormState, opened: BolFormState, next: BolFormState): BolFormState {
  const values = { ...next.values };
  for (const [id, value] of Object.entries(draft.values)) if (!BOL_MODEL_COMPARED.attribute.same(value, opened.values[id])) values[id] = value;
  return { values, media: sameMedia(draft.media, opened.media) ? next.media : draft.media };
}

/** The conflicts as the form shows them (what is typed now, mine, theirs): attributes only; the image slots are not typed. */
export function bolConflictsOnForm(form: BolFormState, conflicts: readonly FieldConflict[]): ConflictOnForm[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return conflicts.map((conflict) => {
    const attributeId = attributeIdOfKey(conflict.field);
    return { field: conflict.field, label: conflict.label, typed: attributeId === null ? null : (form.values[attributeId] ?? ''), mine: text(conflict.mine), theirs: text(conflict.theirs) };
  });
}
