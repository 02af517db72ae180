import { describe, expect, it } from 'vitest';
import { orderServices } from './service-order.ts';

const s = (id: number, name: string, isNSFW = false) => ({ id, name, isNSFW });

describe('orderServices', () => {
  const services = [
    s(1, 'Zulu'),
    s(2, 'Open WebUI'),
    s(3, 'alpha'),
    s(4, 'Spicy', true),
    s(5, 'Overseerr'),
    s(6, 'Plex'),
    s(7, 'Another', true),
  ];

  it('defaults to media server, request service, chat UI, then others by name, NSFW last', () => {
    expect(orderServices(services, []).map((x) => x.name)).toEqual([
      'Plex',
      'Overseerr',
      'Open WebUI',
      'alpha',
      'Zulu',
      'Another',
      'Spicy',
    ]);
  });

  it('follows the saved order and appends services it does not mention in default order', () => {
    expect(orderServices(services, [1, 4, 99, 3]).map((x) => x.id)).toEqual([1, 4, 3, 6, 5, 2, 7]);
  });

  it('puts the media card first by its mark, whatever its name, and the name rule gives way to the mark', () => {
    const marked = [
      { ...s(1, 'Alpha'), mediaServer: false },
      { ...s(2, 'Open WebUI'), mediaServer: false },
      { ...s(3, 'Plex'), mediaServer: false },
      { ...s(4, 'Home Theatre'), mediaServer: true },
      { ...s(5, 'Jellyseerr'), mediaServer: false },
    ];
    expect(orderServices(marked, []).map((x) => x.name)).toEqual([
      'Home Theatre',
      'Jellyseerr',
      'Open WebUI',
      'Alpha',
      'Plex',
    ]);
  });

  it('lets a Jellyfin server lead by name when no mark is given', () => {
    expect(orderServices([s(1, 'Ombi'), s(2, 'Jellyfin'), s(3, 'Bazarr')], []).map((x) => x.name)).toEqual([
      'Jellyfin',
      'Ombi',
      'Bazarr',
    ]);
  });
});
