import { describe, expect, it } from 'vitest';
import { canDeleteUser, canManageUser, canSeeNsfw, isAdminRole, isApproved } from './permissions.ts';
import { ROLES, type Role } from './roles.ts';

const actor = (role: Role, id = 1) => ({ id, role });

describe('canManageUser (SPEC section 6)', () => {
  // Rows: actor role; columns: target role for another person. Self-management is checked separately.
  const others: Record<Role, Record<Role, boolean>> = {
    superadmin: { superadmin: false, admin: true, user: true, pending: true },
    admin: { superadmin: false, admin: false, user: true, pending: true },
    user: { superadmin: false, admin: false, user: false, pending: false },
    pending: { superadmin: false, admin: false, user: false, pending: false },
  };
  for (const actorRole of ROLES) {
    for (const targetRole of ROLES) {
      it(`${actorRole} managing another ${targetRole}: ${others[actorRole][targetRole]}`, () => {
        expect(canManageUser(actor(actorRole, 1), actor(targetRole, 2))).toBe(others[actorRole][targetRole]);
      });
    }
  }
  it.each([
    ['superadmin', true],
    ['admin', true],
    ['user', false],
    ['pending', false],
  ] as const)('%s managing itself: %s', (role, expected) => {
    expect(canManageUser(actor(role, 7), actor(role, 7))).toBe(expected);
  });
});

describe('canDeleteUser', () => {
  it('only a superadmin, never on a superadmin row', () => {
    for (const actorRole of ROLES) {
      for (const targetRole of ROLES) {
        expect(canDeleteUser({ role: actorRole }, { role: targetRole })).toBe(
          actorRole === 'superadmin' && targetRole !== 'superadmin',
        );
      }
    }
  });
});

describe('visibility', () => {
  it('admins always see NSFW; users only with can_view_nsfw; unapproved never', () => {
    expect(canSeeNsfw({ id: 1, role: 'admin', approved: true })).toBe(true);
    expect(canSeeNsfw({ id: 1, role: 'superadmin', approved: true })).toBe(true);
    expect(canSeeNsfw({ id: 1, role: 'user', approved: true })).toBe(false);
    expect(canSeeNsfw({ id: 1, role: 'user', approved: true, can_view_nsfw: true })).toBe(true);
    expect(canSeeNsfw({ id: 1, role: 'user', approved: false, can_view_nsfw: true })).toBe(false);
    expect(canSeeNsfw({ id: 1, role: 'pending', approved: true, can_view_nsfw: true })).toBe(false);
  });

  it('approval needs approved and a role other than pending', () => {
    expect(isApproved({ role: 'user', approved: true })).toBe(true);
    expect(isApproved({ role: 'user', approved: false })).toBe(false);
    expect(isApproved({ role: 'pending', approved: true })).toBe(false);
    expect(ROLES.filter(isAdminRole)).toEqual(['superadmin', 'admin']);
  });
});
