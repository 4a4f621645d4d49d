import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const mailSchema = z.object({
  id: z.string(),
  from: z.string().optional().default(''),
  to: z.string().optional().default(''),
  subject: z.string().optional().default(''),
  text: z.string().optional().default(''),
  html: z.string().optional().default(''),
  sentAt: z.string().optional().default(''),
});
export type Mail = z.infer<typeof mailSchema>;

/** GET /api/dev/mailbox?to= (embedded runtime only). */
export const getMailbox = async (to?: string) =>
  z.object({ messages: z.array(mailSchema) }).parse(await api.get('/api/dev/mailbox', { query: { to } })).messages;

export const mailboxQueryOptions = (to?: string) =>
  queryOptions({ queryKey: ['dev', 'mailbox', to ?? ''], queryFn: () => getMailbox(to), refetchInterval: 3000, placeholderData: keepPreviousData });

export const useMailbox = (to?: string) => useQuery(mailboxQueryOptions(to));
