import { publicApiSettingsContracts as contracts } from '@shared/contracts/public-api-settings';
import type { ApiKeyScope, WebhookEvent } from '@shared/schemas/public-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { rootKeys } from '@/lib/query-keys';

/*
 * The API & webhooks tab: the selected company's API keys and webhooks (/api/public/...).
 * Under the company family of keys, so switching companies drops them.
 */
const keys = {
  apiKeys: [...rootKeys.company, 'public-api', 'keys'] as const,
  webhooks: [...rootKeys.company, 'public-api', 'webhooks'] as const,
  deliveries: (webhookId: string) => [...rootKeys.company, 'public-api', 'deliveries', webhookId] as const,
};

export const useApiKeys = () =>
  useQuery({ queryKey: keys.apiKeys, queryFn: ({ signal }) => call(contracts.listKeys, { signal }) });

/** The answer carries the key itself, the one time it is shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scope: ApiKeyScope }) => call(contracts.createKey, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => call(contracts.revokeKey, { params: { keyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

/** The caller becomes the key's maker: a stopped key works again, acting as them. */
export function useHandOverApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => call(contracts.handOverKey, { params: { keyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys }),
  });
}

export const useWebhooks = () =>
  useQuery({ queryKey: keys.webhooks, queryFn: ({ signal }) => call(contracts.listWebhooks, { signal }) });

/** The answer carries the signing secret, the one time it is shown. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEvent[] }) => call(contracts.createWebhook, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => call(contracts.deleteWebhook, { params: { webhookId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.webhooks }),
  });
}

/** The caller becomes the webhook's maker: a stopped webhook delivers new events again. */
export function useHandOverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => call(contracts.handOverWebhook, { params: { webhookId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.webhooks }),
  });
}

/** The delivery log, asked again every 2 s while a delivery is still on its way. */
export const useDeliveries = (webhookId: string) =>
  useQuery({
    queryKey: keys.deliveries(webhookId),
    queryFn: ({ signal }) => call(contracts.deliveries, { params: { webhookId }, signal }),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 2000 : false),
  });

export function useSendTest(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(contracts.testWebhook, { params: { webhookId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.deliveries(webhookId) }),
  });
}

export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => call(contracts.redeliver, { params: { webhookId, deliveryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.deliveries(webhookId) }),
  });
}
