/**
 * A schema's refusal (zod's issues) as the one sentence a 400 carries (docs/api.md: every error is
 * `{message}`), the same way for every call: each problem reads `field: message`; a message written
 * as a sentence of its own ('The password needs …', the account rules') stands alone, as do the
 * messages of a schema that names its fields in them ('reasonCode must be one of …').
 */
import type { z } from 'zod';
import type { ServerSentence } from '../../shared/server-messages';
import { ApiError } from './errors';

/** A sentence names at most this many problems, then how many more there are. */
export const PROBLEMS_NAMED = 3;

export interface SchemaIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export interface ProblemWording {
  /**
   * What was refused: the sentence is '<what> is not valid: a; b; c (and 2 more)'. Without it the
   * sentence is the first problem alone (the forms show it as it is).
   */
  what?: string;
  /** Names a problem of the whole value (an empty path): 'body', 'product'. Without it the message stands alone. */
  whole?: string;
  /** The schema's messages name their fields themselves ('orderItemId is required'): each stands alone. */
  fieldsInMessages?: boolean;
  /**
   * The refusal as a sentence the app words (docs/languages.md, "Sentences the server writes"),
   * given the problems as problemList writes them; its English must be `<what> is not valid: …`.
   */
  said?: (problems: string) => ServerSentence;
}

/** One problem: `field.path: message`, or the message alone (see ProblemWording). */
export function problemText(issue: SchemaIssue, wording: ProblemWording = {}): string {
  const field = issue.path.map(String).join('.');
  if (field === '') return wording.whole === undefined ? issue.message : `${wording.whole}: ${issue.message}`;
  if (wording.fieldsInMessages || issue.message.startsWith('The ')) return issue.message;
  return `${field}: ${issue.message}`;
}

/** 'a; b; c (and 2 more)'. */
export function problemList(problems: readonly string[]): string {
  const more = problems.length > PROBLEMS_NAMED ? ` (and ${problems.length - PROBLEMS_NAMED} more)` : '';
  return `${problems.slice(0, PROBLEMS_NAMED).join('; ')}${more}`;
}

/** '<what> is not valid: a; b; c (and 2 more)'. */
export function notValidSentence(what: string, problems: readonly string[]): string {
  return `${what} is not valid: ${problemList(problems)}`;
}

/** The sentence of a schema's refusal, worded as `wording` says. */
export function problemSentence(issues: readonly SchemaIssue[], wording: ProblemWording = {}): string {
  const problems = issues.map((issue) => problemText(issue, wording));
  if (wording.what !== undefined) return notValidSentence(wording.what, problems);
  return problems[0] ?? 'The request is not valid';
}

/** Throws the 400 saying `sentence` when its English is `english` (the sentence every call wrote before), else `english` alone. */
function refusedSaying(sentence: ServerSentence, english: string): never {
  throw sentence.message === english ? ApiError.saying(400, sentence) : new ApiError(400, english);
}

/** The value as the schema reads it, or a 400 with the sentence of its refusal. */
export function parsedOr400<T extends z.ZodType>(schema: T, value: unknown, wording: ProblemWording = {}): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => problemText(issue, wording));
    if (wording.said && wording.what !== undefined) return refusedSaying(wording.said(problemList(problems)), notValidSentence(wording.what, problems));
    throw new ApiError(400, problemSentence(parsed.error.issues, wording));
  }
  return parsed.data;
}
