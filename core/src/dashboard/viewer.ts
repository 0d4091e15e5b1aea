import type { FastifyRequest } from 'fastify';
import { listCapabilities } from '../members/capabilities.js';
import { buildMenu, type Menu, type MenuViewer } from './menu-builder.js';
import type { MenuEntry } from './menu-entries.js';

/** The signed-in caller as the menus see them; super-admins on the platform site hold every capability. */
export async function viewerOf(request: FastifyRequest): Promise<MenuViewer> {
  const ctx = request.ctx;
  const superAdminMode = ctx.isSuperAdmin && ctx.account.isPlatform;
  const member = await ctx.member();
  const caps = new Set(member?.caps ?? []);
  if (superAdminMode) {
    for (const cap of listCapabilities(request.server.kernel.plugins.plugins.map((p) => p.manifest))) caps.add(cap.name);
  }
  return { caps, features: ctx.account.features, superAdminMode };
}

export async function menuOf(request: FastifyRequest, entries: readonly MenuEntry[]): Promise<{ viewer: MenuViewer; menu: Menu }> {
  const viewer = await viewerOf(request);
  return { viewer, menu: buildMenu(entries, viewer, await request.ctx.options.get('profilemenu', [])) };
}
