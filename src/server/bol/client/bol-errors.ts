/** A call to bol that did not succeed, with a sentence a person can act on (built from bol's Problem body). */
import type { BolProblem } from './bol-wire';

export class BolApiError extends Error {
  constructor(
    /** bol's HTTP status; 0 when bol could not be reached at all. */
    readonly status: number,
    message: string,
    readonly problem: BolProblem | null = null,
  ) {
    super(message);
    this.name = 'BolApiError';
  }
}

/** bol's Problem body, when the text is one (bol sends Problems as application/vnd.retailer.v10+json; 5xx may be HTML). */
export function parseProblem(text: string): BolProblem | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as BolProblem;
  } catch {
    // not JSON: an HTML error page from a proxy, for instance
  }
  return null;
}

/** "bol refused the request (400 Error validating request): attributes[0].values: must not be empty." */
export function problemMessage(what: string, status: number, problem: BolProblem | null, statusText = ''): string {
  if (!problem || (!problem.title && !problem.detail && !('error' in problem))) {
    return `${what}: bol answered HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  }
  // The token endpoint speaks OAuth: { error, error_description }.
  const oauth = problem as BolProblem & { error?: string; error_description?: string };
  const title = problem.title ?? oauth.error ?? '';
  const detail = problem.detail ?? oauth.error_description ?? '';
  const violations = (problem.violations ?? []).map((violation) => `${violation.name}: ${violation.reason}`);
  const parts = [detail && detail !== title ? detail : '', ...violations].filter(Boolean);
  return `${what}: bol answered ${status}${title ? ` ${title}` : ''}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`;
}

/**
 * True when bol refused this one item (a 4xx about its content): the job goes on with the next.
 * Unreachable, unauthorised, rate-limited beyond our patience or failing (5xx) bol stops the job.
 */
export function isItemRefusal(error: unknown): error is BolApiError {
  return error instanceof BolApiError && error.status >= 400 && error.status < 500 && ![401, 403, 429].includes(error.status);
}
