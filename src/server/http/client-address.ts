/**
 * The caller's address, for the sign-in limits (docs/security.md, "Behind a reverse proxy"). Without
 * trusted proxies it is the socket's peer. Behind `hops` reverse proxies that each append the address
 * they saw to X-Forwarded-For, it is the entry `hops` places from the right: entries further left were
 * written by the client itself and prove nothing. Pure.
 */
export function clientAddressOf(socketAddress: string | undefined, forwardedFor: string | undefined, trustedHops: number): string {
  const peer = socketAddress ?? 'unknown';
  if (trustedHops <= 0 || !forwardedFor) return peer;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  // Fewer entries than proxies: the request did not come through them all; use the leftmost one we have.
  const entry = entries[Math.max(0, entries.length - trustedHops)];
  return entry && entry.length <= 100 ? entry : peer;
}
