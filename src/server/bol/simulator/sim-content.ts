/**
 * What the simulated bol does with product content: validates the upload request like bol's API
 * (400 with violations), judges each attribute for the upload report against the data model
 * (value lists, numbers with units), recommends chunks from the product's name, and picks the
 * classification of the resulting catalog entry.
 */
import { isValidGtin } from '../../../shared/rules/ean';
import type { ParsedModelFile } from '../model/model-file';
import type { AssetVerdict } from './image-fetch';
import type { BolContentAttribute, BolCreateProductContent, BolUploadReportResponse } from '../client/bol-wire';

export interface Violation {
  name: string;
  reason: string;
}

const LANGUAGES = ['nl', 'nl-BE', 'fr', 'fr-BE'];

/** bol's checks of POST /retailer/content/products; [] when the request is acceptable. */
export function contentViolations(body: unknown): Violation[] {
  const violations: Violation[] = [];
  const content = (body ?? {}) as Partial<BolCreateProductContent>;
  if (!LANGUAGES.includes(String(content.language))) {
    violations.push({ name: 'language', reason: `Request contains invalid value(s): '${String(content.language)}', allowed values: ${LANGUAGES.join(', ')}.` });
  }
  if (!Array.isArray(content.attributes) || content.attributes.length < 1 || content.attributes.length > 150) {
    violations.push({ name: 'attributes', reason: 'Must contain 1 to 150 attributes.' });
    return violations;
  }
  content.attributes.forEach((attribute: Partial<BolContentAttribute>, index) => {
    if (typeof attribute.id !== 'string' || attribute.id.length < 1 || attribute.id.length > 100) {
      violations.push({ name: `attributes[${index}].id`, reason: 'Must be 1 to 100 characters.' });
    }
    if (!Array.isArray(attribute.values) || attribute.values.length < 1 || attribute.values.length > 300) {
      violations.push({ name: `attributes[${index}].values`, reason: 'Must contain 1 to 300 values.' });
    } else {
      attribute.values.forEach((value, valueIndex) => {
        // bol's spec marks unitId required, yet its own examples leave it out: accepted without.
        if (typeof value?.value !== 'string' || value.value.length < 1 || value.value.length > 10_000) {
          violations.push({ name: `attributes[${index}].values[${valueIndex}].value`, reason: 'Must be 1 to 10000 characters.' });
        }
      });
    }
  });
  const eans = content.attributes.filter((attribute) => attribute.id === 'EAN');
  if (eans.length !== 1) violations.push({ name: 'attributes', reason: 'Must contain exactly one attribute with id EAN.' });
  if (content.assets !== undefined && (!Array.isArray(content.assets) || content.assets.length > 30)) {
    violations.push({ name: 'assets', reason: 'Must contain at most 30 assets.' });
  } else {
    (content.assets ?? []).forEach((asset: Partial<{ url: unknown; labels: unknown }> | null, index) => {
      if (typeof asset?.url !== 'string' || asset.url === '') violations.push({ name: `assets[${index}].url`, reason: 'Must not be null.' });
      const labels = asset?.labels;
      if (!Array.isArray(labels) || labels.length < 1 || labels.length > 2 || labels.some((label) => typeof label !== 'string')) {
        violations.push({ name: `assets[${index}].labels`, reason: 'Must contain 1 to 2 labels.' });
      }
    });
  }
  return violations;
}

export function eanOf(content: BolCreateProductContent): string {
  return content.attributes.find((attribute) => attribute.id === 'EAN')?.values[0]?.value ?? '';
}

/** Why bol fails the whole upload (process status FAILURE), or null. */
export function contentFailure(content: BolCreateProductContent): string | null {
  const ean = eanOf(content);
  return isValidGtin(ean) ? null : `The EAN '${ean}' is not a valid GTIN.`;
}

interface AttributeRule {
  valueList: Set<string> | null;
  unit: string | null;
}

/** Attribute ids are global in bol's model: the same id has the same value list in every chunk. */
export function attributeRules(model: ParsedModelFile): Map<string, AttributeRule> {
  const rules = new Map<string, AttributeRule>();
  for (const chunk of model.chunks) {
    for (const attribute of chunk.attributes) {
      if (!rules.has(attribute.id)) rules.set(attribute.id, { valueList: attribute.valueList ? new Set(attribute.valueList) : null, unit: attribute.unit ?? null });
    }
  }
  return rules;
}

/** The finished upload report: every attribute PUBLISHED or DECLINED with bol's sub-status. */
export function judgeUpload(
  uploadId: string,
  content: BolCreateProductContent,
  rules: Map<string, AttributeRule>,
  complete: boolean,
  /** bol's verdict on each image URL after downloading it (image-fetch.ts); without one an http(s) URL is published. */
  images: ReadonlyMap<string, AssetVerdict> = new Map(),
): BolUploadReportResponse {
  const attributes = content.attributes.map((attribute) => {
    if (!complete) return { id: attribute.id, values: attribute.values, status: 'IN_PROGRESS' as const, subStatus: 'PROCESSING_STARTED' };
    const rule = rules.get(attribute.id);
    if (attribute.id === 'EAN') return { id: attribute.id, values: attribute.values, status: 'PUBLISHED' as const, subStatus: 'VALID_EAN' };
    if (!rule) {
      return { id: attribute.id, values: attribute.values, status: 'DECLINED' as const, subStatus: 'VALIDATION_FAILED_DOES_NOT_EXIST', subStatusDescription: `The attribute '${attribute.id}' does not exist.` };
    }
    if (rule.valueList && attribute.values.some((value) => !rule.valueList?.has(value.value))) {
      return {
        id: attribute.id,
        values: attribute.values,
        status: 'DECLINED' as const,
        subStatus: 'VALIDATION_FAILED_INVALID_LOV_VALUE',
        subStatusDescription: 'The value is not one of the allowed values of this attribute.',
      };
    }
    if (rule.unit && attribute.values.some((value) => !/^-?\d+(\.\d+)?$/.test(value.value))) {
      return { id: attribute.id, values: attribute.values, status: 'DECLINED' as const, subStatus: 'VALIDATION_FAILED_INVALID_NUMBER', subStatusDescription: 'The numeric value is incorrect.' };
    }
    if (rule.unit && attribute.values.some((value) => value.unitId !== undefined && value.unitId !== rule.unit)) {
      return { id: attribute.id, values: attribute.values, status: 'DECLINED' as const, subStatus: 'VALIDATION_FAILED_INVALID_UNIT', subStatusDescription: `The unit must be ${rule.unit}.` };
    }
    return { id: attribute.id, values: attribute.values, status: 'PUBLISHED' as const, subStatus: 'VALIDATED' };
  });
  const assets = (content.assets ?? []).map((asset) => {
    if (!complete) return { ...asset, status: 'IN_PROGRESS' as const, subStatus: 'RECEIVED' };
    const verdict = images.get(asset.url);
    if (verdict) return { ...asset, ...verdict };
    return /^https?:\/\//.test(asset.url)
      ? { ...asset, status: 'PUBLISHED' as const, subStatus: 'PUBLISHED' }
      : { ...asset, status: 'DECLINED' as const, subStatus: 'DOWNLOAD_FAILED_404', subStatusDescription: 'The image could not be downloaded.' };
  });
  return { uploadId, language: content.language, status: complete ? 'COMPLETED' : 'IN_PROGRESS', attributes, assets };
}

/** Words that point at a chunk of the demo model, besides the words of the chunk's own name. */
const DEMO_KEYWORDS: Record<string, string[]> = {
  '10001074': ['sneaker', 'canvas', 'skate', 'court'],
  '10001075': ['runner', 'running', 'racer', 'trail'],
  '10001076': ['boot'],
  '10001077': ['sandal', 'slide'],
  '10001345': ['earbuds', 'headphones', 'earphones'],
  '10001346': ['charger', 'power bank', 'cable', 'charging'],
  '10001347': ['speaker', 'soundbar'],
  '10001348': ['smart plug', 'smart bulb', 'sensor', 'doorbell'],
  '10001349': ['mouse', 'keyboard', 'usb hub', 'webcam', 'monitor arm'],
  '10002101': ['spade', 'rake', 'shears', 'trowel', 'trimmer', 'watering can'],
  '10002102': ['planter', 'flower pot', 'balcony box', 'hanging basket'],
  '10002103': ['chair', 'bench', 'lounger', 'bistro table', 'parasol'],
  '10002104': ['solar lamp', 'string lights', 'lantern', 'wall light'],
  '10002105': ['frying pan', 'casserole', 'knife', 'cutting board', 'kettle'],
  '10002106': ['storage box', 'laundry basket', 'shelf', 'shoe rack'],
};

/** bol's top three chunk predictions for a name and description; probabilities below 1. */
export function recommendChunks(model: ParsedModelFile, text: string): { chunkId: string; probability: number }[] {
  const haystack = text.toLowerCase();
  const scored = model.chunks.map((chunk, order) => {
    const words = [...(DEMO_KEYWORDS[chunk.chunkId] ?? []), ...chunk.chunkName.toLowerCase().split(/[^a-z]+/).filter((word) => word.length > 3).map((word) => word.replace(/s$/, ''))];
    const score = words.reduce((sum, word) => sum + (haystack.includes(word) ? 1 : 0), 0);
    return { chunkId: chunk.chunkId, score, order };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const top = scored.slice(0, 3);
  // Every prediction keeps a little probability, and together they stay below 1, like bol's.
  const total = top.reduce((sum, entry) => sum + entry.score + 0.1, 0);
  return top.map((entry) => ({ chunkId: entry.chunkId, probability: Math.round(((entry.score + 0.1) / total) * 0.92 * 1e11) / 1e11 }));
}

/** The chunk whose attributes best cover what was uploaded (bol classifies the product itself). */
export function classify(model: ParsedModelFile, content: BolCreateProductContent): string {
  const ids = new Set(content.attributes.map((attribute) => attribute.id));
  const name = content.attributes.find((attribute) => attribute.id === 'Name')?.values[0]?.value ?? '';
  const recommended = recommendChunks(model, name)[0]?.chunkId;
  let best = { chunkId: recommended ?? model.chunks[0]?.chunkId ?? '', score: -1 };
  for (const chunk of model.chunks) {
    const score = chunk.attributes.filter((attribute) => ids.has(attribute.id)).length * 2 + (chunk.chunkId === recommended ? 1 : 0);
    if (score > best.score) best = { chunkId: chunk.chunkId, score };
  }
  return best.chunkId;
}
