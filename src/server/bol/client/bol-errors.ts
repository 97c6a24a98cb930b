/** A call to bol that did not succeed, with a sentence a person can act on (built from bol's Problem body). */
import type { ProcessOutcome } from './bol-client';
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

/**
 * A process that did not end in SUCCESS as one sentence: "Updating the price of bol offer 0ffe…
 * failed: bol reports: The unit prices … must be in decreasing order." (docs/bol.md, "The offer port").
 */
export function processOutcomeMessage(what: string, outcome: ProcessOutcome): string {
  switch (outcome.outcome) {
    case 'SUCCESS':
      return `${what}: done`;
    case 'FAILURE':
      return `${what} failed: bol reports: ${outcome.message}`;
    case 'TIMEOUT':
      return `${what}: not finished yet (${outcome.message})`;
    case 'PURGED':
      return `${what}: outcome unknown (${outcome.message}); read the offer to see whether it changed`;
  }
}
