/** The account rules both sides use (src/shared/accounts.ts; docs/security.md, "Accounts"). */
import { describe, expect, it } from 'vitest';
import { leavesNoActiveAdmin, newAccountSchema, ownPasswordChangeSchema, shownName } from '../../src/shared/accounts';

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
