/**
 * Checks of a Bol model (docs/requirements.md §5, "Bol form") shared by the form and the server's save:
 * every required attribute needs a value, and a value-list attribute only takes a value of its list.
 */
import type { BolAttribute } from '../bol-contract';

/** The form's message when a required attribute is empty (docs/requirements.md §5). */
export const BOL_REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';

/** Rich text counts as empty when it has no text (e.g. '<p><br></p>'). */
function visibleText(value: string): string {
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
}

export function isEmptyAttributeValue(value: string | null | undefined): boolean {
  return value === null || value === undefined || visibleText(value) === '';
}

/** Required attributes without a value, in the model's order. */
export function missingRequiredAttributes(attributes: readonly BolAttribute[]): BolAttribute[] {
  return attributes.filter((attribute) => attribute.required && isEmptyAttributeValue(attribute.value));
}

/** Attributes with a value list whose (non-empty) value is not one of the list's values. */
export function valuesOutsideList(attributes: readonly BolAttribute[]): BolAttribute[] {
  return attributes.filter(
    (attribute) =>
      attribute.valueList !== null &&
      attribute.valueList.length > 0 &&
      !isEmptyAttributeValue(attribute.value) &&
      !attribute.valueList.includes(attribute.value ?? ''),
  );
}

const label = (attribute: BolAttribute) => attribute.attributeName || attribute.attributeId;

/**
 * One sentence naming every problem, for the server's 400; null when the model is complete.
 * Example: "Please fill in all required fields. Missing: Name, Schoenmaat. Not in its value list: Kleur ('Purple')."
 */
export function describeModelProblems(attributes: readonly BolAttribute[]): string | null {
  const { missing, outside } = modelProblems(attributes);
  if (missing === '' && outside === '') return null;
  const parts: string[] = [];
  if (missing !== '') parts.push(`${BOL_REQUIRED_FIELDS_MESSAGE} Missing: ${missing}.`);
  if (outside !== '') parts.push(`Not in its value list: ${outside}.`);
  return parts.join(' ');
}

/** The attributes missing and those outside their value list, each as the sentence names them ('' for none). */
export function modelProblems(attributes: readonly BolAttribute[]): { missing: string; outside: string } {
  return {
    missing: missingRequiredAttributes(attributes).map(label).join(', '),
    outside: valuesOutsideList(attributes).map((attribute) => `${label(attribute)} ('${attribute.value ?? ''}')`).join(', '),
  };
}
