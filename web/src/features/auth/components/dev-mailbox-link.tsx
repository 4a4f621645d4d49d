import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import './auth.css';
import { devKeys } from '@/api/dev/dev-keys';

/** The embedded runtime's mailbox, linked only where it exists (dev server, or the API answers 200). */
export function DevMailboxLink() {
  const available = useQuery({
    queryKey: devKeys.mailboxAvailable,
    queryFn: async () => (await fetch('/api/dev/mailbox?to=probe@localhost', { credentials: 'include' })).ok,
    enabled: !import.meta.env.DEV,
    staleTime: Infinity,
  });
  if (!import.meta.env.DEV && available.data !== true) return null;
  return (
    <Link to="/dev/mailbox" className="dev-link">
      Dev mailbox
    </Link>
  );
}
