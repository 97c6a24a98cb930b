/** The account rules both sides use (src/shared/accounts.ts; docs/security.md, "Accounts"). */
import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  leavesNoActiveAdmin,
  letterScripts,
  newAccountSchema,
  normalUserName,
  ownPasswordChangeSchema,
  shownName,
  userNameKey,
  userNameProblem,
} from '../../src/shared/accounts';

const admin = { id: 1, role: 'admin' as const, active: true };
const staff = { id: 2, role: 'staff' as const, active: true };
const idleAdmin = { id: 3, role: 'admin' as const, active: false };

describe('leavesNoActiveAdmin', () => {
  it('refuses deactivating or demoting the only active admin; an inactive admin does not count', () => {
    expect(leavesNoActiveAdmin([admin, staff, idleAdmin], 1, { active: false })).toBe(true);
    expect(leavesNoActiveAdmin([admin, staff, idleAdmin], 1, { role: 'staff' })).toBe(true);
    expect(leavesNoActiveAdmin([admin, staff], 1, { displayName: 'Boss' })).toBe(false);
    expect(leavesNoActiveAdmin([admin, staff], 2, { active: false })).toBe(false);
  });
  it('allows it once another admin is active, or in the same change is promoted', () => {
    expect(leavesNoActiveAdmin([admin, { ...idleAdmin, active: true }], 1, { active: false })).toBe(false);
    expect(leavesNoActiveAdmin([admin, idleAdmin], 3, { active: true })).toBe(false);
  });
});

describe('account values', () => {
  it('needs 8 to 1,000 characters without NUL for a new password; role defaults to staff', () => {
    expect(newAccountSchema.safeParse({ username: 'kim', password: '1234567' }).success).toBe(false);
    expect(newAccountSchema.safeParse({ username: 'kim', password: '12345678\u0000' }).success).toBe(false);
    expect(newAccountSchema.safeParse({ username: 'kim', password: 'x'.repeat(1_001) }).success).toBe(false);
    expect(newAccountSchema.parse({ username: ' kim ', password: '12345678' })).toEqual({ username: 'kim', displayName: '', role: 'staff', password: '12345678' });
    expect(ownPasswordChangeSchema.safeParse({ currentPassword: '', newPassword: '12345678' }).success).toBe(false);
  });
  it('shows the display name, or the user name without one', () => {
    expect(shownName({ username: 'kim', displayName: 'Kim K' })).toBe('Kim K');
    expect(shownName({ username: 'kim', displayName: '' })).toBe('kim');
  });
});

describe('user names', () => {
  it('allows Latin names, Dutch and other names with diacritics, digits and punctuation, and names of one other script', () => {
    for (const name of ['admin', 'sam', 'Zoë', 'Jörg', 'Anaïs', 'Ĳsbrand', 'van.der.berg', 'kim_2', 'jan-willem', 'o\'brien', 'Zoe\u0308', 'Иван', 'Σοφία', '田中さん', '김민수']) {
      expect(userNameProblem(name), name).toBeNull();
    }
  });

  it('refuses names that mix scripts, with a sentence naming them: a Cyrillic а in аdmin, a Greek ο in οscar', () => {
    expect(userNameProblem('\u0430dmin')).toBe(accountMessages.userNameMixedScripts(['Cyrillic', 'Latin']));
    expect(userNameProblem('\u0430dmin')).toBe(
      "The user name mixes letters of different scripts (Cyrillic and Latin): use the letters of one script, so that it cannot pass for another user's name.",
    );
    expect(userNameProblem('p\u0430ypal')).toBe(accountMessages.userNameMixedScripts(['Latin', 'Cyrillic']));
    expect(userNameProblem('\u03bfscar')).toBe(accountMessages.userNameMixedScripts(['Greek', 'Latin']));
    expect(userNameProblem('tanaka田中')).toBe(accountMessages.userNameMixedScripts(['Latin', 'Han']));
    expect(letterScripts('Zoë-2')).toEqual(['Latin']);
  });

  it('refuses invisible and control characters, spaces (also those NFKC makes), empty and over-long names', () => {
    expect(userNameProblem('ad\u200bmin')).toBe(accountMessages.userNameInvisible);
    expect(userNameProblem('admin\u202e')).toBe(accountMessages.userNameInvisible);
    expect(userNameProblem('ad\u0007min')).toBe(accountMessages.userNameInvisible);
    expect(userNameProblem('ad min')).toBe(accountMessages.userNameSpaces);
    expect(userNameProblem('ad\u00a0min')).toBe(accountMessages.userNameSpaces);
    expect(userNameProblem('ad\u00a8min')).toBe(accountMessages.userNameSpaces); // NFKC: a space and a combining diaeresis
    expect(userNameProblem('  ')).toBe(accountMessages.userNameRequired);
    expect(userNameProblem('x'.repeat(201))).toBe(accountMessages.userNameTooLong);
    expect(userNameProblem('x'.repeat(200))).toBeNull();
  });

  it('compares names by their NFKC, case-folded key: fullwidth ａｄｍｉｎ and ADMIN collide with admin, Zoë with ZOË', () => {
    expect(userNameKey('\uff41\uff44\uff4d\uff49\uff4e')).toBe('admin');
    expect(userNameKey('ADMIN')).toBe('admin');
    expect(userNameKey(' Admin ')).toBe('admin');
    expect(userNameKey('ZOË')).toBe(userNameKey('zoë'));
    expect(userNameKey('Zoe\u0308')).toBe(userNameKey('Zoë'));
    expect(userNameKey('Straße')).toBe(userNameKey('STRASSE'));
    expect(userNameKey('\u0430dmin')).not.toBe('admin');
    expect(normalUserName('\uff41\uff44\uff4d\uff49\uff4e')).toBe('admin');
  });

  it('a new account keeps the name in its NFKC form, and refuses a mixed-script name with the rule’s sentence', () => {
    expect(newAccountSchema.parse({ username: ' \uff3a\uff4f\u00eb ', password: '12345678' }).username).toBe('Zoë');
    const mixed = newAccountSchema.safeParse({ username: '\u0430dmin', password: '12345678' });
    expect(mixed.success).toBe(false);
    expect(mixed.error?.issues[0]?.message).toBe(accountMessages.userNameMixedScripts(['Cyrillic', 'Latin']));
  });
});
