import { queryOptions } from '@tanstack/react-query';
import type { MessageWire } from '#shared/schemas/common';
import type {
  ChannelWire,
  CreateChannelBody,
  PatchChannelBody,
  SubscriptionWire,
  UpsertSubscriptionBody,
} from '#shared/schemas/notification-channels';
import { apiJson } from '../../api/http.client';

export const CHANNELS_QUERY_KEY = ['/api/notification-channels'] as const;
export const SUBSCRIPTIONS_QUERY_KEY = ['/api/notification-subscriptions'] as const;

/** The caller's channels; read again on every opening of the dialog (no caching). */
export function channelsQueryOptions() {
  return queryOptions({
    queryKey: CHANNELS_QUERY_KEY,
    queryFn: () => apiJson<ChannelWire[]>('GET', '/api/notification-channels'),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

export function subscriptionsQueryOptions() {
  return queryOptions({
    queryKey: SUBSCRIPTIONS_QUERY_KEY,
    queryFn: () => apiJson<SubscriptionWire[]>('GET', '/api/notification-subscriptions'),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

export const createChannel = (body: CreateChannelBody) =>
  apiJson<ChannelWire>('POST', '/api/notification-channels', body);
export const patchChannel = (id: number, body: PatchChannelBody) =>
  apiJson<ChannelWire>('PATCH', `/api/notification-channels/${id}`, body);
export const deleteChannel = (id: number) => apiJson<MessageWire>('DELETE', `/api/notification-channels/${id}`);
export const testChannel = (id: number) => apiJson<MessageWire>('POST', `/api/notification-channels/${id}/test`);
export const saveSubscription = (body: UpsertSubscriptionBody) =>
  apiJson<SubscriptionWire>('POST', '/api/notification-subscriptions', body);
