/** Whether a failed call got no answer at all (offline, timeout, reset): the API client's status 0. */
export function isNoAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 0;
}
