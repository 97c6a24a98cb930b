/**
 * bol's data model (chunks and their attributes) is not served by the Retailer API: bol publishes
 * it as a file. We keep it in our database, loaded from a JSON file of this shape (docs/bol.md):
 *
 *   { "chunks": [ { "chunkId": "10001074", "chunkName": "Sneakers", "attributes": [
 *       { "id": "Schoenmaat", "name": "Shoe size", "required": true, "description": "…",
 *         "valueList": ["40", "40 2/3", …], "unit": null, "prefill": "shoeSize" } ] } ] }
 *
 * `name`, `description`, `valueList`, `unit` and `prefill` are optional. `prefill` names the
 * product field that fills the attribute when a model is first shown; without it the attribute id
 * decides (PREFILL_BY_ID), and other attributes start empty.
 */
import { z } from 'zod';
import { problemSentence } from '../../http/problem-sentence';

export const PREFILL_FIELDS = [
  'ean',
  'title',
  'description',
  'brand',
  'color',
  'material',
  'shoeSize',
  'size',
  'sku',
  'weight',
  'width',
  'length',
  'height',
  'none',
] as const;
export type PrefillField = (typeof PREFILL_FIELDS)[number];

/** The default product field of well-known bol attribute ids (compared without case). */
export const PREFILL_BY_ID: Record<string, PrefillField> = {
  ean: 'ean',
  name: 'title',
  description: 'description',
  brand: 'brand',
  colour: 'color',
  color: 'color',
  kleur: 'color',
  material: 'material',
  materiaal: 'material',
  schoenmaat: 'shoeSize',
  size: 'size',
  maat: 'size',
  'internal reference': 'sku',
  weight: 'weight',
  width: 'width',
  length: 'length',
  height: 'height',
};

const attributeFileSchema = z.object({
  id: z.string().trim().min(1).max(100),
  name: z.string().max(200).optional(),
  required: z.boolean().default(false),
  description: z.string().max(2_000).default(''),
  valueList: z.array(z.string().min(1).max(500)).max(5_000).nullable().optional(),
  unit: z.string().max(100).nullable().optional(),
  prefill: z.enum(PREFILL_FIELDS).optional(),
});

const chunkFileSchema = z.object({
  chunkId: z.string().trim().min(1).max(50),
  chunkName: z.string().trim().min(1).max(200),
  attributes: z.array(attributeFileSchema).min(1).max(500),
});

export const modelFileSchema = z
  .object({ chunks: z.array(chunkFileSchema).min(1).max(10_000) })
  .superRefine((file, context) => {
    const chunkIds = new Set<string>();
    file.chunks.forEach((chunk, index) => {
      if (chunkIds.has(chunk.chunkId)) context.addIssue({ code: 'custom', path: ['chunks', index, 'chunkId'], message: `chunk ${chunk.chunkId} appears twice` });
      chunkIds.add(chunk.chunkId);
      const attributeIds = new Set<string>();
      chunk.attributes.forEach((attribute, attributeIndex) => {
        if (attributeIds.has(attribute.id)) {
          context.addIssue({ code: 'custom', path: ['chunks', index, 'attributes', attributeIndex, 'id'], message: `attribute ${attribute.id} appears twice in chunk ${chunk.chunkId}` });
        }
        attributeIds.add(attribute.id);
      });
    });
  });

export type ModelFile = z.input<typeof modelFileSchema>;
export type ParsedModelFile = z.output<typeof modelFileSchema>;

/** The file's content checked, or a message naming the first problems. */
export function parseModelFile(content: unknown): { ok: true; model: ParsedModelFile } | { ok: false; message: string } {
  const parsed = modelFileSchema.safeParse(content);
  if (parsed.success) return { ok: true, model: parsed.data };
  return { ok: false, message: problemSentence(parsed.error.issues, { what: 'The model file', whole: '(file)' }) };
}

/** The product field that prefills an attribute. */
export function prefillFieldOf(attributeId: string, explicit: string | null | undefined): PrefillField {
  if (explicit && (PREFILL_FIELDS as readonly string[]).includes(explicit)) return explicit as PrefillField;
  return PREFILL_BY_ID[attributeId.toLowerCase()] ?? 'none';
}
