/** Items in the stored `cart` entry (SPEC §3 shape or a bare list), quantities summed, for the header's count; 0 for anything unreadable. */
export function cartCount(stored: string | null): number {
  if (stored === null || stored === '') return 0;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return 0;
  }
  const items = Array.isArray(parsed) ? parsed : typeof parsed === 'object' && parsed !== null ? (parsed as { cartItems?: unknown }).cartItems : undefined;
  if (!Array.isArray(items)) return 0;
  let count = 0;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const quantity = (item as { quantity?: unknown }).quantity;
    count += typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0 ? quantity : 1;
  }
  return Math.min(count, 999);
}
