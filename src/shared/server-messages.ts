/**
 * Sentences the server writes that a person reads (docs/languages.md, "Sentences the server
 * writes"). The server answers each in English, as before, and beside it the sentence's id in the
 * catalogs and its arguments (`messageId`, `messageArgs`); the app shows the catalog's sentence in
 * the person's language, else the English. Ids outside this module name the sentence where it
 * lives (`sync.olderAppChange`, `heldImages.supplierImagesChanged`).
 */
export const serverMessages = {
  productMissing: (productId: number) => `Product ${productId} does not exist`,
  /** 400: a change set of the product or the Bol model the schema refuses; the problems as the schema wrote them. */
  changeSetNotValid: (problems: string) => `The change set is not valid: ${problems}`,
  bolChangeSetNotValid: (problems: string) => `The Bol model change set is not valid: ${problems}`,
  /** 409 of PATCH /product/{id} and of PATCH /bol/model/{productId}. */
  changeConflict: 'Someone else changed some of these fields meanwhile; nothing was saved. Choose per field.',
  changeConflictRestSaved: 'Someone else changed some of these fields meanwhile. Your other changes were saved; choose per field for these.',
  bolChangeConflict: 'Someone else changed some of these Bol fields meanwhile; nothing was saved. Choose per field.',
  bolChangeConflictRestSaved: 'Someone else changed some of these Bol fields meanwhile. Your other changes were saved; choose per field for these.',
  /** PATCH /bol/model/{productId} refused. */
  chooseCategoryFirst: 'Choose a Bol category before saving the Bol model',
  noSuchCategory: (chunkId: string) => `There is no Bol category with id '${chunkId}' in the data model`,
  categoryLacksAttributes: (category: string, attributes: string) => `The Bol category '${category}' has no attribute ${attributes}`,
  /** The Bol model would lack required values, or hold one outside its value list (src/shared/rules/bol-model-rules.ts). */
  modelMissing: (missing: string) => `Please fill in all required fields. Missing: ${missing}.`,
  modelOutsideList: (outside: string) => `Not in its value list: ${outside}.`,
  modelMissingAndOutside: (missing: string, outside: string) => `Please fill in all required fields. Missing: ${missing}. Not in its value list: ${outside}.`,
  /** A job's own end (src/server/jobs/job-runner.ts). */
  jobStopped: 'Stopped before the end',
  jobCancelledBy: (by: string) => `Cancelled by ${by}`,
  jobInterrupted: 'Interrupted: the server stopped while this was running',
  jobServerError: 'The job stopped because of an error on the server; see the server log',
};

type ServerMessages = typeof serverMessages;
type Key = keyof ServerMessages;
type ArgsOf<K extends Key> = ServerMessages[K] extends (...args: infer A) => string ? A : [];

/** A sentence as the server answers it: the English, and its id and arguments for the app's catalogs. */
export interface ServerSentence {
  message: string;
  messageId: string;
  messageArgs: readonly (string | number)[];
}

/** The sentence `key` of this module with `args`, as the server answers it. */
export function serverSentence<K extends Key>(key: K, ...args: ArgsOf<K>): ServerSentence {
  const english = serverMessages[key] as string | ((...values: readonly unknown[]) => string);
  return { message: typeof english === 'string' ? english : english(...args), messageId: `server.${key}`, messageArgs: args as readonly (string | number)[] };
}

/** A sentence of another module (its catalog id and English), as the server answers it. */
export function sentenceOf(messageId: string, message: string, messageArgs: readonly (string | number)[] = []): ServerSentence {
  return { message, messageId, messageArgs };
}
