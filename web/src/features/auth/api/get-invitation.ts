import { invitationSchema } from '@shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/invitation?token= */
export const getInvitation = async (token: string) => invitationSchema.parse(await api.get('/api/auth/invitation', { query: { token } }));

export const invitationQueryOptions = (token: string) => queryOptions({ queryKey: ['invitation', token], queryFn: () => getInvitation(token) });

export const useInvitation = (token: string | null | undefined) => useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
