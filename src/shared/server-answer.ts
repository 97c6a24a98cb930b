/**
 * The mark the server puts on every answer it writes (docs/offline.md "Reaching the server"). A
 * 502, 503 or 504 without it comes from a proxy or gateway whose server does not answer; with it,
 * the server itself refused (busy, no bol connection, bol failed), and the app shows its sentence
 * instead of "Can't reach the server".
 */
export const SERVER_ANSWER_HEADER = 'X-Backoffice-Answer';

/** Whether an answer's headers carry the server's mark. */
export function markedByServer(headers: { get(name: string): string | null } | null | undefined): boolean {
  return headers?.get(SERVER_ANSWER_HEADER) != null;
}
