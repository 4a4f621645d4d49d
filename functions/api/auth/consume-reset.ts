import { authContracts } from '@shared/contracts/auth';
import { defineRoute, ok } from '../../core/http/route';
import { badRequest } from '../../core/errors';
import { hashPassword } from '../../core/accounts/password-hash';
import { consumeResetToken } from '../../core/accounts/link-tokens';
import { getUser, passwordGenerationOf, setPassword } from '../../core/accounts/user-store';
import { revokeApiKeysMadeBy } from '../../core/public-api/api-keys';
import { deleteUserSessions } from '../../core/sessions/session-store';

const RESET_LINK_INVALID = 'This reset link is invalid, expired or already used. Ask for a new one.';

export const consumeReset = defineRoute(authContracts.consumeReset, {
  access: 'public',
  handle: async ({ body }) => {
    const link = await consumeResetToken(body.id, body.token);
    const user = link ? await getUser(link.userId) : undefined;
    // A link issued before the password last changed was ended by that change.
    if (!link || !user || passwordGenerationOf(user) !== link.passwordGeneration) throw badRequest(RESET_LINK_INVALID);
    // The mail proved the address, so a reset also verifies it; old sessions and other links end.
    await setPassword(user, await hashPassword(body.password), { verified: true });
    await deleteUserSessions(user.id);
    if (body.revokeApiKeys) await revokeApiKeysMadeBy(user.id);
    return ok({ message: 'Your password has been changed. Sign in with your new password.' });
  },
});
