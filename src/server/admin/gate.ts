/**
 * The admin calls' side of the operators area's role table (src/server/ops/access.ts): the same
 * decision the op pages make, answered the way an API answers it — anonymous (or a ticket-link
 * session) 401 `not_signed_in`, a role the table does not allow 403 `staff_only`, staff without
 * two-factor 403 `two_factor_required`. The session comes from the database, never the display cookies.
 */
import type { ActiveSession } from '../accounts/sessions.ts';
import { ApiError } from '../api/errors.ts';
import type { OpAction, StaffMember } from '../ops/access.ts';
import { opGate } from '../ops/page.ts';

export function requireStaff(session: ActiveSession | null, action: OpAction): StaffMember {
  const decision = opGate(session, action);
  switch (decision.kind) {
    case 'allowed':
      return decision.staff;
    case 'login':
      throw new ApiError('not_signed_in');
    case 'forbidden':
      throw new ApiError('staff_only');
    case 'needs_two_factor':
      throw new ApiError('two_factor_required');
  }
}
