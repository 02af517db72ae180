import type {
  PublicStatusPageWire,
  PublicUptimeWire,
  StatusNoteWire,
  StatusPageWire,
} from '#shared/schemas/status-pages';
import type { StatusNote, StatusPage } from '../repositories/status-pages.repository.ts';
import type { PublicPage, PublicUptime } from '../status-pages/status-page.service.ts';

/** A status page's settings (admins). */
export function presentStatusPage(page: StatusPage): StatusPageWire {
  return {
    id: page.id,
    slug: page.slug,
    title: page.title,
    serviceIds: page.serviceIds,
    gameServerIds: page.gameServerIds,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
  };
}

/** An incident note (public). */
export function presentStatusNote(note: StatusNote): StatusNoteWire {
  return { id: note.id, title: note.title, body: note.body, createdAt: note.createdAt, updatedAt: note.updatedAt };
}

/** Uptime per period and the daily bar of a service or a game server, field by field. */
function presentUptime(entry: PublicUptime): PublicUptimeWire {
  return {
    uptime: {
      '24h': entry.uptime['24h'],
      '7d': entry.uptime['7d'],
      '30d': entry.uptime['30d'],
      '90d': entry.uptime['90d'],
    },
    days: entry.days.map((day) => ({ day: day.day, uptime: day.uptime })),
  };
}

/**
 * The public page: field by field, so nothing but names, states, uptime and notes can leave (no URL, host, address
 * or id of a service or game server).
 */
export function presentPublicStatusPage(page: PublicPage): PublicStatusPageWire {
  return {
    title: page.title,
    services: page.services.map((service) => ({
      name: service.name,
      status: service.status,
      ...presentUptime(service),
    })),
    gameServers: page.gameServers.map((game) => ({ name: game.name, status: game.status, ...presentUptime(game) })),
    notes: page.notes.map(presentStatusNote),
    generatedAt: page.generatedAt,
  };
}
