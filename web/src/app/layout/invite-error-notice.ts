import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { notify } from '@/lib/toast';

/**
 * A sign-in (email or social) that could not accept its invite still signs in, and lands on a
 * page with `?inviteError=<why>`: the user is told why once, then the parameter goes.
 */
export function useInviteErrorNotice() {
  const [params, setParams] = useSearchParams();
  const message = params.get('inviteError');
  useEffect(() => {
    if (!message) return;
    // One id: shown once even when the effect runs twice (StrictMode).
    notify.error('There is a problem with your invite', {
      id: 'invite-error',
      description: `${message} Please ask to be invited again.`,
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('inviteError');
        return next;
      },
      { replace: true },
    );
  }, [message, setParams]);
}
