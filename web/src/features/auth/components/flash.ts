import type { AlertType } from '@/components/ui/alert';

/** A one-time alert handed to the next auth screen through navigation state. */
export interface Flash {
  type: AlertType;
  text: string;
}

export interface AuthNavigationState {
  flash?: Flash;
  email?: string;
}

export const withInvite = (path: string, inviteToken: string | null | undefined) =>
  inviteToken ? `${path}?inviteToken=${encodeURIComponent(inviteToken)}` : path;
