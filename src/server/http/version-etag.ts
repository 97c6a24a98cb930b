/**
 * A versioned record's ETag (a product's, its Bol model's, a supplier's) is its version in quotes
 * ("7"). If-Match and If-None-Match may carry a list, weak tags (W/"7") or `*`; a weak tag matches
 * too, since the version is all the tag says.
 */
export function productEtag(version: number): string {
  return `"${version}"`;
}

/** The versions a conditional header names, or 'any' for `*`. Unreadable entries are skipped. */
export function versionsInHeader(header: string): number[] | 'any' {
  const versions: number[] = [];
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*') return 'any';
    const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(tag);
    if (match) versions.push(Number(match[1]));
  }
  return versions;
}

/** True when the header (If-Match or If-None-Match) names this version. */
export function headerMatchesVersion(header: string, version: number): boolean {
  const versions = versionsInHeader(header);
  return versions === 'any' || versions.includes(version);
}
